import { moduleValue } from '@app/contract/access';
import { crmPermission, crmRole } from '@app/contract/resources/crm-access';
import { Alert, Button, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { callRecord, isApiError } from '../../kit/api';
import { useCan } from '../../kit/can';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { useUnsavedValue } from '../../kit/unsaved-changes';
import { useOptions } from '../../kit/use-options';
import { resourceKey } from '../../kit/use-resource';
import { allOf, organisationOptions } from '../common/lookups';
import { type Catalogue, featureLabel, type Grid, gridGroups, gridOf, permissionsOf, roleSummary } from '../common/role-grid';
import { catalogueKey, RoleGridInput, useCatalogue } from '../common/role-grid-input';

type Place = {
  /** The roles list this editor returns to. */
  rolesPath: string;
  /** A platform admin names the organisation a new role is for; staff make roles of their own. */
  choosesOrganisation: boolean;
};

/**
 * /crm/roles/new and /crm/roles/:roleId (and the platform admin's /admin/roles/...): a role's name and its
 * access as a grid of areas in plain words.
 */
export const RoleEditorPage = ({ rolesPath = '/crm/roles', choosesOrganisation = false }: Partial<Place>) => {
  const { roleId } = useParams();
  const isNew = !roleId || roleId === 'new';
  const catalogue = useCatalogue();
  // Roles have no details call; an organisation has a handful of them.
  const role = useQuery({
    queryKey: [crmRole.name, 'one', roleId],
    queryFn: async () => (await allOf(crmRole)).find((row) => row._id === roleId) ?? null,
    enabled: !isNew,
  });
  if (catalogue.isPending || (!isNew && role.isPending)) return <Loader role="progressbar" aria-label="Loading the role" />;
  if (catalogue.isError || role.isError) {
    return (
      <Alert color="red" title="The role could not be loaded">
        {String((catalogue.error ?? role.error)?.message ?? '')}
      </Alert>
    );
  }
  if (!isNew && !role.data) {
    return (
      <Alert color="yellow" title="This role does not exist">
        It may have been deleted. <Link to={rolesPath}>Back to roles</Link>
      </Alert>
    );
  }
  if (role.data?.isOrganisationAdmin) {
    return (
      <Alert color="blue" title="Organisation admin">
        The built-in Organisation admin role does everything and cannot be changed. <Link to={rolesPath}>Back to roles</Link>
      </Alert>
    );
  }
  return (
    <RoleEditor
      key={roleId ?? 'new'}
      catalogue={catalogue.data}
      role={role.data ?? undefined}
      rolesPath={rolesPath}
      choosesOrganisation={choosesOrganisation}
    />
  );
};

export const AdminRoleEditorPage = () => <RoleEditorPage rolesPath="/admin/roles" choosesOrganisation />;

type RoleRow = { _id: string; title: string; value: string; permissions: string[]; organisationId?: string };

const RoleEditor = ({ catalogue, role, rolesPath, choosesOrganisation }: { catalogue: Catalogue; role?: RoleRow } & Place) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const can = useCan();
  const groups = useMemo(() => gridGroups(catalogue), [catalogue]);
  const [title, setTitle] = useState(role?.title ?? '');
  const [code, setCode] = useState(role?.value ?? '');
  const [codeTouched, setCodeTouched] = useState(Boolean(role));
  const [organisationId, setOrganisationId] = useState<string | null>(role?.organisationId ?? null);
  const organisations = useOptions({ options: choosesOrganisation ? organisationOptions : undefined });
  const [grid, setGrid] = useState<Grid>(() => gridOf(catalogue, role?.permissions ?? []));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const unsaved = useUnsavedValue({ title, code, grid: Object.entries(grid).filter(([, cell]) => cell.level !== 'NONE') });

  const permissionIdsOf = async (): Promise<string[]> => {
    const { ids, missing } = permissionsOf(catalogue, grid);
    if (missing.length === 0) return ids;
    // Only the super admin adds to the catalogue; the default one holds every level and scope.
    if (!can.do(crmPermission, 'create')) {
      const names = missing.map((m) => {
        const feature = catalogue.features.find((f) => f._id === m.featureId);
        const module = catalogue.modules.find((x) => x._id === m.moduleId);
        return feature ? featureLabel(module, feature) : m.featureId;
      });
      throw new Error(`The catalogue has no permission yet for ${names.join(', ')} at the chosen level and records; ask a platform admin.`);
    }
    const created = [];
    for (const permission of missing) created.push((await callRecord(crmPermission, 'create', permission))._id);
    void queryClient.invalidateQueries({ queryKey: catalogueKey });
    return [...ids, ...created];
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setSaving(true);
    try {
      const permissions = await permissionIdsOf();
      const payload = { title: title.trim(), value: code.trim(), permissions };
      if (role) await callRecord(crmRole, 'update', { ...payload, _id: role._id });
      else await callRecord(crmRole, 'create', { ...payload, ...(choosesOrganisation && organisationId ? { organisationId } : {}) });
      unsaved.markSaved();
      void queryClient.invalidateQueries({ queryKey: resourceKey(crmRole) });
      notifySuccess(role ? `${payload.title} saved` : `${payload.title} created`);
      navigate(rolesPath);
    } catch (error) {
      const fieldErrors = isApiError(error) ? error.errors.filter((e) => ['title', 'value', 'organisationId'].includes(e.field)) : [];
      setErrors(Object.fromEntries(fieldErrors.map((e) => [e.field, e.message])));
      if (fieldErrors.length === 0) notifyFailure(error, 'The role could not be saved');
    } finally {
      setSaving(false);
    }
  };

  const summary = roleSummary(catalogue, permissionsOf(catalogue, grid).ids);
  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        <PageHeader
          title={role ? `Edit ${role.title}` : 'New role'}
          description="Choose, area by area, what people holding this role may do and on whose records."
        />
        {choosesOrganisation && (
          <Select
            label="Organisation"
            required
            searchable
            data={organisations.options as { value: string; label: string }[]}
            value={organisationId}
            onChange={setOrganisationId}
            error={errors.organisationId}
            disabled={saving || Boolean(role)}
            description={role ? 'A role stays in the organisation it was made for' : undefined}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Title"
            required
            value={title}
            error={errors.title}
            disabled={saving}
            onChange={(event) => {
              setTitle(event.currentTarget.value);
              if (!codeTouched) setCode(moduleValue(event.currentTarget.value));
            }}
          />
          <TextInput
            label="Code"
            description="A short unique code, filled from the title"
            required
            value={code}
            error={errors.value}
            disabled={saving}
            onChange={(event) => {
              setCodeTouched(true);
              setCode(event.currentTarget.value);
            }}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed" aria-live="polite">
          {summary}.
        </Text>
        <RoleGridInput groups={groups} value={grid} onChange={setGrid} disabled={saving} />
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={rolesPath} variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {role ? 'Save role' : 'Create role'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
