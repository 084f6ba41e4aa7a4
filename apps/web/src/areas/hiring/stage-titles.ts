import { hiringPipeline } from '@app/contract/resources/hiring/pipeline';
import { useMemo } from 'react';
import { useCan } from '../../kit/can';
import { useList } from '../../kit/use-resource';

/** Every stage's title by its id, over the organisation's pipelines: an application names its stage by id. */
export const useStageTitles = () => {
  const can = useCan();
  const pipelines = useList(hiringPipeline, { limit: 'ALL' }, { enabled: can.do(hiringPipeline, 'list') });
  return useMemo(() => {
    const titles = new Map<string, { title: string; stageType: string }>();
    for (const pipeline of pipelines.data?.results ?? []) {
      for (const item of pipeline.items ?? []) titles.set(item._id, { title: item.stage.title, stageType: item.stage.stageType });
    }
    return titles;
  }, [pipelines.data]);
};
