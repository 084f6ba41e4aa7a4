import type { UploadedFile } from '@app/contract/conventions/common';
import { fileUpload } from '@app/contract/resources/auth';
import { Button, FileInput, Group, Image, Input, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { uploadFile } from './api';
import { messageOf } from './notify';

type ImageInputProps = {
  label: string;
  description?: string;
  error?: string;
  disabled?: boolean;
  /** The picture now on the record (or just uploaded), or '' for none. */
  value: UploadedFile | '';
  onChange: (value: UploadedFile | '') => void;
};

/**
 * A picture field: what is there now, a button to choose another (uploaded at once, so the form
 * sends only its reference) and one to take it away. The form's own save keeps the choice.
 */
export const ImageInput = ({ label, description, error, disabled, value, onChange }: ImageInputProps) => {
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();

  const choose = async (file: File | null) => {
    if (!file) return;
    setFailure(undefined);
    setUploading(true);
    try {
      onChange(await uploadFile(fileUpload, file));
    } catch (problem) {
      setFailure(messageOf(problem));
    } finally {
      setUploading(false);
    }
  };

  const url = value ? value.url : undefined;
  return (
    <Input.Wrapper label={label} description={description} error={failure ?? error}>
      <Group align="center" wrap="nowrap" gap="md" mt={4}>
        {value && url ? (
          <Image src={url} alt={`${label}: ${value.originalName}`} w={96} h={96} radius="sm" fit="cover" />
        ) : (
          <ThemeIcon size={96} radius="sm" variant="light" color="gray" aria-hidden>
            <IconPhoto size={36} />
          </ThemeIcon>
        )}
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <FileInput
            // Its words are its name, and say which picture: "Choose a photo", "Choose another image".
            placeholder={
              uploading ? 'Uploading…' : `Choose ${value ? 'another' : /^[aeiou]/i.test(label) ? 'an' : 'a'} ${label.toLowerCase()}`
            }
            accept="image/png,image/jpeg,image/webp"
            value={null}
            onChange={choose}
            disabled={disabled || uploading}
            error={Boolean(failure ?? error)}
          />
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" truncate>
              {value ? value.originalName : 'PNG, JPEG or WEBP, up to 10 MB'}
            </Text>
            {value && (
              <Button variant="subtle" color="red" size="compact-xs" onClick={() => onChange('')} disabled={disabled || uploading}>
                Remove
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
};
