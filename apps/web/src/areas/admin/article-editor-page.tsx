import { article } from '@app/contract/resources/content/article';
import { Paper, Stack } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { fieldsFor } from '../../kit/field-descriptor';
import { FieldsForm } from '../../kit/fields-form';
import { PageHeader } from '../../kit/page-header';
import { BackLink, RecordPage } from '../../kit/record-page';
import { type RecordOf, useCreate, useDetails, useUpdate } from '../../kit/use-resource';
import { articleFields, articleFormValues, articlePayload } from './article-fields';

type Article = RecordOf<typeof article>;

const back = { to: '/admin/articles', label: 'All articles' };

const ArticleForm = ({ record }: { record?: Article }) => {
  const navigate = useNavigate();
  const create = useCreate(article);
  const update = useUpdate(article);
  const mode = record ? 'edit' : 'create';

  const submit = (payload: Record<string, unknown>) => {
    const body = articlePayload(payload);
    return record ? update.mutateAsync({ ...body, _id: record._id } as never) : create.mutateAsync(body as never);
  };

  return (
    <Stack gap={0} maw={920}>
      <PageHeader
        title={record ? `Edit ${record.title}` : 'Write an article'}
        description={record ? undefined : 'Save it as a draft until it is ready, then publish it.'}
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <FieldsForm
          fields={fieldsFor(articleFields, mode)}
          initial={record ? articleFormValues(record) : { status: 'DRAFT', isFeatured: false }}
          emptyStrings={record ? 'keep' : 'omit'}
          submitLabel={record ? 'Save changes' : 'Save article'}
          successMessage={(saved) => {
            const { title, status } = saved as Article;
            return status === 'PUBLISHED' ? `${title} is published` : `${title} is saved as ${status === 'DRAFT' ? 'a draft' : 'archived'}`;
          }}
          onSubmit={submit}
          onSuccess={() => navigate(back.to)}
          onCancel={() => navigate(back.to)}
        />
      </Paper>
    </Stack>
  );
};

/** /admin/articles/new and /admin/articles/:id/edit: an article in rich text, its author, status and what search engines read. */
export const ArticleEditorPage = () => {
  const { id } = useParams();
  const details = useDetails(article, id);
  return id ? (
    <RecordPage query={details} noun="article" back={back}>
      {(record) => <ArticleForm key={record._id} record={record} />}
    </RecordPage>
  ) : (
    <Stack gap="md">
      <BackLink {...back} />
      <ArticleForm />
    </Stack>
  );
};
