import type { z } from 'zod';
import type { AccessLevel, CrmAccess, Who } from './access';
import type { AudienceViews } from './audiences';
import type { BulkExtension } from './conventions/bulk';
import type { ExportColumn } from './conventions/export';
import type { FilterKind } from './conventions/list';
import type { SystemField } from './conventions/record';
import type { ScopePolicy } from './scope-policy';
import type { ScreenPlacements } from './screen-placement';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type CallKind = 'create' | 'update' | 'details' | 'list' | 'remove' | 'setStatus';

export type CallSpec = {
  method: HttpMethod;
  path: string;
  who: readonly Who[];
  /** Overrides the access level implied by the call's kind (READ for reads, WRITE for writes, FULL for delete). */
  level?: AccessLevel;
  summary?: string;
  /**
   * What `data` holds when a resource's call answers something other than its record (a public list
   * of narrower records, a job with its company's card): a schema, or one made from the record's.
   * Without it the answer follows from the definition (`outputOfCall`); a workflow names its own.
   */
  output?: z.ZodType | ((record: z.ZodObject) => z.ZodType);
  /**
   * For a call made by a code holder (`who: ['code-holder']`): the definition name of the record the
   * code was issued for. The call reaches that one record and nothing else; registration checks both.
   */
  holds?: string;
};

/**
 * organisation: rows belong to one organisation and every query is scoped by the caller's;
 * platform: shared catalogue or lookup, no organisation;
 * owner: rows belong to one user (a job seeker's CVs) and are scoped by the caller's id.
 */
export type Tenancy = 'organisation' | 'platform' | 'owner';

/**
 * A field holding another resource's id (or a list of ids). Every create and update checks that each
 * id exists and is visible in the caller's scope (another organisation's id is a 404); reads answer
 * the referenced record's `_id` and label beside it under `expandAs`, joined in the same query.
 */
export type Reference = {
  /** The referenced definition's `name` ("Client", "Candidate"). */
  resource: string;
  /** Key under which reads answer `{ _id, label }` (a list of them for a list of ids). */
  expandAs?: string;
  /**
   * Further columns of the referenced record answered beside `_id` and `label` (a notice period's
   * `valueInDays`), by field key and their answer's schema (answered null when the column is null).
   */
  expandWith?: Record<string, z.ZodType>;
  /**
   * The referenced record's label is part of this record (an application's current stage title):
   * whoever reads this record reads it, whatever they may read of the referenced resource itself.
   */
  partOfRecord?: boolean;
  /**
   * The server copies this id from the record another reference names (an interview's candidate, from
   * its application): no caller sends it, so the caller's right to read it is not checked; the
   * reference it comes from is, and the id must still exist in the organisation.
   */
  derivedFrom?: string;
};

/** One move of a record to a stage, as the engine records it in the stage history. */
export type StageMove = { movedBy: { _id: string; name: string }; stage: string; movedAt: string; remarks: string | null };

/**
 * A stage field that changes only by transitions: the engine's move and multi-move calls lock the
 * records, check the destination and the allowed moves, append a history entry and set the stage,
 * all in one transaction, and run the resource's transition hooks after the commit.
 */
export type Stages = {
  /** The field holding the current stage: a value of the list, or a stage row's id. */
  field: string;
  /** The field holding the history, a list the engine appends one entry to per move. */
  history: string;
  /**
   * Where a record can go: a fixed list of values (a board application's statuses), or rows of
   * another resource grouped in pipelines, of which a record may only reach its own pipeline's.
   */
  among:
    | { kind: 'values'; values: z.ZodType<string> }
    | {
        kind: 'rows';
        /** The stage rows' definition name ("PipelineItem"). */
        resource: string;
        /** The record's field naming its pipeline. */
        pipelineField: string;
        /** The stage row's field naming its pipeline (the record's `pipelineField` name unless said). */
        stagePipelineField?: string;
        /** The stage row's type ("REJECTED", "OFFERED"): what allowed moves and hooks go by. */
        typeField?: string;
        /** A stage row with this field false takes no records (a disabled stage). */
        enabledField?: string;
      };
  /** The moves allowed from each stage (its type, for rows); a stage not named may go anywhere. */
  allowed?: Partial<Record<string, readonly string[]>>;
  /** A move's destination as its input reads it, when narrower than the list (its own message). */
  destination?: z.ZodType<string>;
  /** The input's keys and id labels, as the spec names them (`jobApplicationId`, `pipelineItemId`). */
  input?: {
    id?: string;
    ids?: string;
    stage?: string;
    idLabel?: string;
    stageLabel?: string;
    /** Whether a move takes remarks (default yes). */
    remarks?: boolean;
  };
  /** The field holding when the record reached its current stage (time in stage without reading the history): the engine writes each move's time there. */
  enteredAt?: string;
  /** The history entry a move appends; `{ movedBy, stage, movedAt, remarks }` unless the resource keeps another shape. */
  entry?: (move: StageMove) => Record<string, unknown>;
  /** One record to one stage; `input` when the move takes more than the record, stage and remarks (joining dates). */
  move?: CallSpec & { input?: z.ZodType };
  /** Many records to one stage in one transaction (at most `maxAtOnce`, conventions/bulk.ts). */
  moveMany?: CallSpec & { input?: z.ZodType };
};

export type ResourceDefinition<
  Fields extends z.ZodObject = z.ZodObject,
  Create extends z.ZodType = z.ZodType,
  Update extends z.ZodType = z.ZodType,
  Calls extends Partial<Record<CallKind, CallSpec>> = Partial<Record<CallKind, CallSpec>>,
> = {
  /** Entity-log name and OpenAPI tag. */
  name: string;
  /** Database table, snake_case. */
  table: string;
  /** What a person calls one record in messages ("Job application not found"): the name in words unless said. */
  label?: string;
  tenancy: Tenancy;
  /** CRM calls made by CRM_USER go through the permission check of this module and feature. */
  access?: CrmAccess;
  /** Who sees which rows beyond tenancy and permission (client user, assignee, granted access), or why none. */
  policies?: readonly ScopePolicy[];
  /**
   * What each audience (staff, client user, job seeker, code holder) sees of a record: its rows and
   * its fields. Without it, only the callers and policies above decide (every caller the whole record).
   */
  audiences?: AudienceViews;
  /**
   * The field that names a record to a person: pickers, expanded references, the audit log. A dotted
   * path reaches into a JSON column ("name.fullName"). A resource other definitions reference must have one.
   */
  labelField?: string;
  /** Fields that point at other resources, by field key. */
  references?: Record<string, Reference>;
  /**
   * The field holding a related-to list (`relatedToList`): entries naming any registered resource
   * with organisation tenancy by `entityType` and `_id`. Every create and update checks each record
   * exists, is live and is in the caller's organisation (404 naming it; an unknown type is a 400).
   */
  relatedTo?: string;
  /**
   * The system columns its table has and its records answer; all of them unless said (the entity
   * log keeps only its organisation and its time). The server refuses a table without one named.
   */
  systemFields?: readonly SystemField[];
  /** Prefix of the per-organisation `itemId` ("CAN" gives CAN-1, CAN-2, ...). */
  itemIdPrefix?: string;
  /** The stored fields a client may read, in their response form. */
  fields: Fields;
  create: Create;
  update: Update;
  /** The status field's values; present when the entity has a status. */
  status?: z.ZodType<string>;
  /** Fields searched by a list's `search`; dotted paths reach into JSON columns ("name.fullName"). */
  search: readonly string[];
  /** Filter keys a list accepts. */
  filters: Record<string, FilterKind>;
  /**
   * Fields and filter keys with no column of their own, answered by the resource's custom handler
   * (a count, a joined name). Every other field, search path and filter key must be a column: the
   * server refuses to start otherwise, and the generic list never applies a computed filter.
   */
  computed?: readonly string[];
  /**
   * Fields a list may be sorted by (`sort: { field, direction }`): texts, ignoring case, with the
   * empty ones last either way, or dates; ties newest first (by id). Without it a list cannot be sorted.
   */
  sortable?: readonly string[];
  /** A list's order when not newest first (sections by their number, the default CV first). */
  order?: readonly { field: string; direction: 'asc' | 'desc' }[];
  /** Fields a CSV export never holds, whatever the list shows (personal data kept for other eyes). */
  neverExported?: readonly string[];
  /** A CSV export's columns when the fields' own would not do (the candidate's are its import's, so a file re-imports as it is). */
  exportColumns?: readonly ExportColumn[];
  /** Values unique among live rows, per organisation unless `global`, and the 409 message. */
  unique?: readonly { fields: readonly string[]; message: string; global?: boolean }[];
  /** Its section in the web app (one per area showing it, the first where its records open): route, menu line and where a record opens follow from it. */
  screen?: ScreenPlacements;
  /** A stage field moved by transitions (see `Stages`). */
  stages?: Stages;
  /**
   * Bulk actions of its own beside the built-in three (move to stage, add to long list, send mail),
   * by action name: the list's bulk call takes them, the web's bulk bar offers them.
   */
  bulkActions?: Record<string, BulkExtension>;
  calls: Calls;
};

export const defineResource = <
  Fields extends z.ZodObject,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Calls extends Partial<Record<CallKind, CallSpec>>,
>(
  definition: ResourceDefinition<Fields, Create, Update, Calls>,
) => definition;

/** A call outside the five generic shapes: one schema and one handler (register, apply, send a code). */
export type WorkflowDefinition<Input extends z.ZodType = z.ZodType, Output extends z.ZodType = z.ZodType> = Omit<CallSpec, 'output'> & {
  name: string;
  tag: string;
  input: Input;
  /** What the envelope's `data` holds: the server sends only what this declares. */
  output: Output;
  access?: CrmAccess;
  /** `unscoped('why')` for a call open to CRM_USER that has no permission module. */
  policies?: readonly ScopePolicy[];
  /** The scope the engine hands the handler; without it the handler scopes its queries by the caller itself. */
  tenancy?: Tenancy;
  /** How the input travels: the JSON body (default), the query string, or a multipart form. */
  inputFrom?: 'body' | 'query' | 'multipart';
};

export const defineWorkflow = <Input extends z.ZodType, Output extends z.ZodType>(workflow: WorkflowDefinition<Input, Output>) => workflow;
