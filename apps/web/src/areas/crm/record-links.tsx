import { entityLog } from '@app/contract/resources/entity-log';
import { Tabs } from '@mantine/core';
import { useCan } from '../../kit/can';
import { ActivityPanel } from './activity-panel';
import { LinkedRecordsPanel } from './linked-records-panel';

/** Under an opened record: what is linked to it and, for those who may read the audit log, its history. */
export const RecordLinks = ({ entityType, id }: { entityType: string; id: string }) => {
  const can = useCan();
  const mayReadLog = can.do(entityLog, 'list');
  return (
    <Tabs defaultValue="linked" mt="lg" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="linked">Linked records</Tabs.Tab>
        {mayReadLog && <Tabs.Tab value="activity">Activity</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="linked" pt="sm">
        <LinkedRecordsPanel entityType={entityType} id={id} />
      </Tabs.Panel>
      {mayReadLog && (
        <Tabs.Panel value="activity" pt="sm">
          <ActivityPanel id={id} />
        </Tabs.Panel>
      )}
    </Tabs>
  );
};
