import type { UploadedFile } from '@app/contract/conventions/common';
import { fileUpload } from '@app/contract/resources/auth';
import { updateJobSeekerProfile } from '@app/contract/resources/job-board/job-seeker';
import { Avatar, Button, FileInput, Group, Stack, Textarea } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { callApi, isApiError, uploadFile } from '../../kit/api';
import { mapFieldErrors } from '../../kit/field-errors';
import { messageOf, notifyFailure, notifySuccess } from '../../kit/notify';
import { SectionCard } from '../../kit/section-card';
import { useUnsavedValue } from '../../kit/unsaved-changes';
import type { SeekerRecord } from '../board/types';
import { useSetSeekerProfile } from '../board/use-seeker-profile';

const targets = [{ name: 'profileImg' }, { name: 'about' }];

/** A photo and a few lines about the seeker; the server takes both together. */
export const AboutSection = ({ record }: { record: SeekerRecord }) => {
  const setProfile = useSetSeekerProfile();
  const [about, setAbout] = useState(record.about ?? '');
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // A photo picked but not uploaded counts as a change.
  const unsaved = useUnsavedValue({ about, photo: photo?.name ?? null });

  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setSaving(true);
    try {
      let profileImg: UploadedFile | null = record.profileImg;
      if (photo) {
        try {
          profileImg = await uploadFile(fileUpload, photo);
        } catch (error) {
          setErrors({ profileImg: messageOf(error) });
          return;
        }
      }
      const saved = await callApi(updateJobSeekerProfile, { profileImg: profileImg ?? undefined, about });
      setProfile(saved);
      setPhoto(null);
      unsaved.markSaved();
      notifySuccess('Your profile has been saved');
    } catch (error) {
      const { mapped } = mapFieldErrors(isApiError(error) ? error.errors : [], targets);
      setErrors(mapped);
      if (Object.keys(mapped).length === 0) notifyFailure(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <SectionCard id="about" title="About you" description="A photo and a short introduction for employers.">
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <Group align="flex-end" gap="md" wrap="nowrap">
            <Avatar src={preview ?? record.profileImg?.url ?? null} size={72} radius="xl" color="brand" alt="">
              <IconPhoto size={28} aria-hidden />
            </Avatar>
            <FileInput
              label="Photo"
              placeholder={record.profileImg ? record.profileImg.originalName : 'Choose a photo'}
              description="PNG, JPEG or WEBP, up to 10 MB"
              accept="image/png,image/jpeg,image/webp"
              value={photo}
              onChange={setPhoto}
              clearable
              error={errors.profileImg}
              disabled={saving}
              style={{ flex: 1, minWidth: 0 }}
            />
          </Group>
          <Textarea
            label="Introduction"
            description="Your experience, what you are good at and what you are looking for."
            autosize
            minRows={4}
            maxRows={12}
            value={about}
            onChange={(e) => setAbout(e.currentTarget.value)}
            error={errors.about}
            disabled={saving}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              Save about you
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
};
