import { fileUpload } from '@app/contract/resources/auth';
import { Avatar, Button, FileInput, Grid, Group, Switch, TextInput } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { uploadFile } from '../../../kit/api';
import { messageOf } from '../../../kit/notify';
import type { CvDraft } from './cv-draft';

type CvDetailsPartProps = {
  draft: CvDraft;
  change: (patch: Partial<CvDraft>, paths: string[]) => void;
  errors: Record<string, string>;
};

/** Name, title, contact details, address and photo: the CV's header. */
export const CvDetailsPart = ({ draft, change, errors }: CvDetailsPartProps) => {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const name = (patch: Partial<CvDraft['name']>, path: string) => change({ name: { ...draft.name, ...patch } }, [path]);
  const address = (patch: Partial<CvDraft['address']>, path: string) => change({ address: { ...draft.address, ...patch } }, [path]);

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploadError(undefined);
    setUploading(true);
    try {
      change({ profileImg: await uploadFile(fileUpload, file) }, ['profileImg']);
    } catch (error) {
      setUploadError(messageOf(error));
    } finally {
      setUploading(false);
    }
  };

  const text = (label: string, path: string, value: string, onChange: (value: string) => void, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} value={value} error={errors[path]} onChange={(e) => onChange(e.currentTarget.value)} {...extra} />
  );

  return (
    <Grid gutter="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        {text('First name', 'name.first', draft.name.first, (first) => name({ first }, 'name.first'), {
          autoComplete: 'given-name',
          classNames: { label: 'required-label' },
        })}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        {text('Last name', 'name.last', draft.name.last, (last) => name({ last }, 'name.last'), { autoComplete: 'family-name' })}
      </Grid.Col>
      <Grid.Col span={12}>
        {text('Designation', 'designation', draft.designation, (designation) => change({ designation }, ['designation']), {
          description: 'The title under your name: what you do or the role you want',
          placeholder: 'e.g. Staff nurse, Software engineer',
          classNames: { label: 'required-label' },
        })}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        {text('Email', 'email', draft.email, (email) => change({ email }, ['email']), {
          type: 'email',
          autoComplete: 'email',
          classNames: { label: 'required-label' },
        })}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        {text('Phone', 'phone', draft.phone, (phone) => change({ phone }, ['phone']), { type: 'tel', autoComplete: 'tel' })}
      </Grid.Col>
      <Grid.Col span={12}>
        {text('LinkedIn', 'linkedInLink', draft.linkedInLink, (linkedInLink) => change({ linkedInLink }, ['linkedInLink']), {
          placeholder: 'https://www.linkedin.com/in/…',
        })}
      </Grid.Col>
      <Grid.Col span={12}>
        {text('Street', 'address.street', draft.address.street, (street) => address({ street }, 'address.street'), {
          autoComplete: 'address-line1',
        })}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        {text('Town or city', 'address.city', draft.address.city, (city) => address({ city }, 'address.city'), {
          autoComplete: 'address-level2',
        })}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        {text('County', 'address.county', draft.address.county, (county) => address({ county }, 'address.county'))}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        {text('Postcode', 'address.postCode', draft.address.postCode, (postCode) => address({ postCode }, 'address.postCode'), {
          autoComplete: 'postal-code',
        })}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        {text('Country', 'address.country', draft.address.country, (country) => address({ country }, 'address.country'), {
          autoComplete: 'country-name',
        })}
      </Grid.Col>
      <Grid.Col span={12}>
        <Switch
          label="I hold a full UK driving licence"
          checked={draft.ukDrivingLicence}
          onChange={(e) => change({ ukDrivingLicence: e.currentTarget.checked }, ['ukDrivingLicence'])}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <Group align="flex-end" gap="md" wrap="nowrap">
          <Avatar src={draft.profileImg?.url ?? null} size={64} radius="xl" color="brand" alt="">
            <IconPhoto size={26} aria-hidden />
          </Avatar>
          <FileInput
            label="Photo"
            description="PNG or JPEG, up to 10 MB. Leave it out if you prefer: many UK employers do not expect one."
            placeholder={draft.profileImg ? draft.profileImg.originalName : 'Choose a photo'}
            accept="image/png,image/jpeg"
            value={null}
            onChange={upload}
            disabled={uploading}
            error={uploadError ?? errors.profileImg}
            style={{ flex: 1, minWidth: 0 }}
          />
          {draft.profileImg && (
            <Button variant="subtle" color="red" onClick={() => change({ profileImg: null }, ['profileImg'])}>
              Remove photo
            </Button>
          )}
        </Group>
      </Grid.Col>
    </Grid>
  );
};
