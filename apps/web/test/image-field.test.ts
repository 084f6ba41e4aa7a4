import { author, employeeCard } from '@app/contract/resources/content/article';
import { describe, expect, it } from 'vitest';
import { deriveColumns } from '../src/kit/derive-columns';
import { deriveFields } from '../src/kit/derive-fields';
import type { FieldDescriptor } from '../src/kit/field-descriptor';
import { initialValuesOf, payloadOf } from '../src/kit/form-values';

const photo: FieldDescriptor = { name: 'profileImg', label: 'Photo', kind: 'image' };
const stored = {
  _id: '0123456789abcdef01234567',
  originalName: 'me.png',
  blobName: 'uploads/ab/abcdef.png',
  mimeType: 'image/png',
  size: 1234,
  url: '/api/file?name=uploads%2Fab%2Fabcdef.png&signature=x',
};

describe('a picture field (a card’s photo, an article’s image)', () => {
  it('starts from the stored file, or empty', () => {
    expect(initialValuesOf([photo], { profileImg: stored })).toEqual({ profileImg: stored });
    expect(initialValuesOf([photo], { profileImg: null })).toEqual({ profileImg: '' });
    expect(initialValuesOf([photo], {})).toEqual({ profileImg: '' });
  });

  it('sends the file’s reference; a removed picture is null in an edit and absent in a create', () => {
    expect(payloadOf([photo], { profileImg: stored }, 'omit')).toEqual({ profileImg: stored });
    expect(payloadOf([photo], { profileImg: '' }, 'omit')).toEqual({});
    expect(payloadOf([photo], { profileImg: '' }, 'keep')).toEqual({ profileImg: null });
  });

  it('is derived from an uploaded-file field of the contract, and stays out of the list’s columns', () => {
    const fields = deriveFields(author);
    expect(fields.find((field) => field.name === 'img')).toMatchObject({ kind: 'image', required: false, nullable: true });
    expect(deriveColumns(employeeCard).map((column) => column.key)).not.toContain('profileImg');
  });
});
