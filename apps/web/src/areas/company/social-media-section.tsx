import { updateCompanySocialMedia } from '@app/contract/resources/job-board/company';
import { ActionIcon, Autocomplete, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { callApi, isApiError } from '../../kit/api';
import { comboboxProps } from '../../kit/combobox';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { SectionCard } from '../../kit/section-card';
import { useUnsavedValue } from '../../kit/unsaved-changes';
import type { CompanyRecord } from '../board/types';
import { useSetMyCompany } from './use-my-company';

type Row = { key: string; _id?: string; platform: string; link: string };

const platforms = ['LinkedIn', 'X', 'Facebook', 'Instagram', 'YouTube', 'TikTok', 'GitHub', 'Glassdoor'];

let nextKey = 0;
const newKey = () => `row-${nextKey++}`;

/** Links to the company elsewhere; saved as a whole list, each link checked by the server. */
export const SocialMediaSection = ({ record }: { record: CompanyRecord }) => {
  const setCompany = useSetMyCompany();
  const [rows, setRows] = useState<Row[]>(() =>
    record.socialMedia.map((s) => ({ key: newKey(), _id: s._id, platform: s.platform, link: s.link })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const unsaved = useUnsavedValue(rows.map(({ platform, link }) => ({ platform, link })));

  const change = (key: string, patch: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setSaving(true);
    try {
      const socialMedia = rows.map(({ _id, platform, link }) => ({
        ...(_id ? { _id } : {}),
        platform: platform.trim(),
        link: link.trim(),
      }));
      setCompany(await callApi(updateCompanySocialMedia, { socialMedia }));
      unsaved.markSaved();
      notifySuccess('Your links have been saved');
    } catch (error) {
      const fieldErrors = isApiError(error) ? error.errors.filter((e) => /^socialMedia\.\d+\.(platform|link)$/.test(e.field)) : [];
      setErrors(Object.fromEntries(fieldErrors.map((e) => [e.field, e.message])));
      if (fieldErrors.length === 0) notifyFailure(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <SectionCard id="social-media" title="Social media" description="Where job seekers can see more of you.">
      <form onSubmit={save} noValidate>
        <Stack gap="sm">
          {rows.length === 0 && (
            <Text size="sm" c="dimmed">
              No links yet.
            </Text>
          )}
          {rows.map((row, index) => (
            <Group key={row.key} align="flex-start" wrap="nowrap" gap="sm">
              <Autocomplete
                label="Platform"
                data={platforms}
                value={row.platform}
                onChange={(platform) => change(row.key, { platform })}
                error={errors[`socialMedia.${index}.platform`]}
                w={{ base: 120, sm: 180 }}
                comboboxProps={comboboxProps}
              />
              <TextInput
                label="Link"
                placeholder="https://…"
                value={row.link}
                onChange={(e) => change(row.key, { link: e.currentTarget.value })}
                error={errors[`socialMedia.${index}.link`]}
                style={{ flex: 1, minWidth: 0 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={25}
                aria-label={`Remove ${row.platform || 'link'} ${index + 1}`}
                onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group justify="space-between">
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setRows((current) => [...current, { key: newKey(), platform: '', link: '' }])}
            >
              Add a link
            </Button>
            <Button type="submit" loading={saving}>
              Save links
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
};
