import { fileUpload } from '@app/contract/resources/auth';
import { updateCompanyContactDetails } from '@app/contract/resources/job-board/company';
import { FileInput, Group } from '@mantine/core';
import { useState } from 'react';
import { callApi, uploadFile } from '../../kit/api';
import { messageOf, notifySuccess } from '../../kit/notify';
import { SectionCard } from '../../kit/section-card';
import { CompanyLogo } from '../board/company-logo';
import type { CompanyRecord } from '../board/types';
import { useSetMyCompany } from './use-my-company';

/** The logo shown beside every job; chosen, uploaded and saved in one go. */
export const LogoSection = ({ record }: { record: CompanyRecord }) => {
  const setCompany = useSetMyCompany();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const upload = async (file: File | null) => {
    if (!file) return;
    setError(undefined);
    setSaving(true);
    try {
      const profileImg = await uploadFile(fileUpload, file);
      const saved = await callApi(updateCompanyContactDetails, {
        name: record.name,
        email: record.email,
        phone: record.phone,
        location: record.location ?? {},
        website: record.website ?? null,
        linkedInLink: record.linkedInLink ?? null,
        profileImg,
      });
      setCompany(saved);
      notifySuccess('Your logo has been saved');
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SectionCard id="logo" title="Logo" description="Shown beside your jobs and on your company page.">
      <Group align="flex-end" wrap="nowrap" gap="md">
        <CompanyLogo name={record.name} image={record.profileImg} size={72} />
        <FileInput
          label="Logo image"
          placeholder="Choose an image"
          description={saving ? 'Uploading…' : 'PNG, JPEG or WEBP, up to 10 MB'}
          accept="image/png,image/jpeg,image/webp"
          value={null}
          onChange={upload}
          error={error}
          disabled={saving}
          style={{ flex: 1, minWidth: 0 }}
        />
      </Group>
    </SectionCard>
  );
};
