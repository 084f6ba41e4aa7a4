import { csvCell, exportColumns } from '@app/contract/conventions/export';
import { candidate } from '@app/contract/resources/crm/candidate';
import { client } from '@app/contract/resources/crm/client';
import { task } from '@app/contract/resources/crm/task';
import { describe, expect, it } from 'vitest';
import { candidateColumns } from '../src/areas/crm/candidate-list-tailoring';
import { bulkTarget, noSelection, pageState, selectedCount, togglePage, toggleRow } from '../src/kit/bulk-selection';
import { deriveColumns } from '../src/kit/derive-columns';
import { listKeyAction, movedRow } from '../src/kit/list-keys';
import {
  columnSorts,
  emptyView,
  nextSort,
  readLocalView,
  sameView,
  serverSortOf,
  sortRows,
  toggleColumn,
  viewOfSaved,
  visibleColumns,
} from '../src/kit/list-view';
import { tailor } from '../src/kit/tailor';

const columns = [{ key: 'name' }, { key: 'email' }, { key: 'status' }];
const div = { tagName: 'DIV' };

describe('columns', () => {
  it('show the chosen ones in order, or all when none (or none known) are chosen', () => {
    expect(visibleColumns(columns, []).map((c) => c.key)).toEqual(['name', 'email', 'status']);
    expect(visibleColumns(columns, ['status', 'name']).map((c) => c.key)).toEqual(['status', 'name']);
    expect(visibleColumns(columns, ['gone']).map((c) => c.key)).toEqual(['name', 'email', 'status']);
  });

  it('hide one, bring it back in the definition’s place, and never hide the last', () => {
    const hidden = toggleColumn(columns, [], 'email');
    expect(hidden).toEqual(['name', 'status']);
    expect(toggleColumn(columns, hidden, 'email')).toEqual(['name', 'email', 'status']);
    expect(toggleColumn(columns, ['name'], 'name')).toEqual(['name']);
  });

  it('leave an optional column out until it is added, and back out with the default columns', () => {
    const more = [...columns, { key: 'town', optional: true }];
    expect(visibleColumns(more, []).map((c) => c.key)).toEqual(['name', 'email', 'status']);
    const added = toggleColumn(more, [], 'town');
    expect(added).toEqual(['name', 'email', 'status', 'town']);
    expect(visibleColumns(more, added).map((c) => c.key)).toEqual(added);
  });

  it('offer the candidate list’s town, title, skills, owner, last activity and notice period, hidden at first', () => {
    const all = tailor(deriveColumns(candidate), (column) => column.key, candidateColumns as never);
    expect(visibleColumns(all, []).map((c) => c.header)).toEqual(['Name', 'Reference', 'Email', 'Phone', 'Status']);
    expect(all.filter((c) => c.optional).map((c) => c.header)).toEqual([
      'Town',
      'Current title',
      'Skills',
      'Owner',
      'Last activity',
      'Notice period',
    ]);
  });
});

describe('server sort', () => {
  it('asks the server to sort the whole list by a sortable field, and sorts another list’s page itself', () => {
    const sortable = candidate.sortable;
    expect(serverSortOf({ key: 'address.city', direction: 'desc' }, sortable)).toEqual({ field: 'address.city', direction: 'desc' });
    // A sort kept from before (a column the server cannot sort by) is not sent: it would be refused.
    expect(serverSortOf({ key: 'email', direction: 'asc' }, sortable)).toBeUndefined();
    expect(serverSortOf(null, sortable)).toBeUndefined();
    expect(columnSorts('name.fullName', sortable)).toBe(true);
    expect(columnSorts('email', sortable)).toBe(false);
    expect(columnSorts('email', undefined)).toBe(true);
  });
});

describe('views', () => {
  it('read a saved view back, keeping filter values the selects can show', () => {
    const view = viewOfSaved({
      search: 'London',
      filter: { status: 'ACTIVE', createdAt: { from: '2026-01-01' } },
      columns: ['name'],
      sort: null,
    });
    expect(view).toEqual({ search: 'London', filter: { status: 'ACTIVE' }, columns: ['name'], sort: null });
    expect(sameView(view, { ...view, search: ' London ' })).toBe(true);
    expect(sameView(view, emptyView)).toBe(false);
  });

  it('sort a page by a column, ascending, descending, then not at all', () => {
    expect(nextSort(null, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'desc' });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'name')).toBeNull();
    const rows = [{ n: 'b10' }, { n: 'B2' }, { n: 'a' }];
    expect(sortRows(rows, { key: 'n', direction: 'asc' }, (r, k) => r[k as 'n']).map((r) => r.n)).toEqual(['a', 'B2', 'b10']);
  });

  it('read the unsaved state from the browser, ignoring what cannot be read', () => {
    const storage = {
      getItem: (key: string) => (key === 'ok' ? JSON.stringify({ search: 'x', filter: {}, columns: ['name'] }) : '{broken'),
    };
    expect(readLocalView(storage, 'ok')?.columns).toEqual(['name']);
    expect(readLocalView(storage, 'bad')).toBeUndefined();
  });
});

describe('selection', () => {
  const page = ['a', 'b', 'c'];
  it('ticks rows and pages, and “all matching” sends the search instead of ids', () => {
    const one = toggleRow(noSelection, 'a', page);
    expect(pageState(one, page)).toBe('some');
    const all = togglePage(one, page);
    expect(pageState(all, page)).toBe('all');
    expect(pageState(togglePage(all, page), page)).toBe('none');
    expect(bulkTarget(all, { search: '', filter: {} })).toEqual({ ids: ['a', 'b', 'c'] });
    const matching = { kind: 'matching' } as const;
    expect(selectedCount(matching, 1234)).toBe(1234);
    expect(bulkTarget(matching, { search: 'acme', filter: { status: 'ACTIVE' } })).toEqual({
      matching: { search: 'acme', filter: { status: 'ACTIVE' } },
    });
    expect(toggleRow(matching, 'b', page)).toEqual({ kind: 'ids', ids: ['a', 'c'] });
  });
});

describe('keys', () => {
  it('move rows with j/k, turn pages with [ ], go to search with /, and leave typing alone', () => {
    expect(listKeyAction({ key: 'j', target: div })).toBe('next-row');
    expect(listKeyAction({ key: 'k', target: div })).toBe('previous-row');
    expect(listKeyAction({ key: ']', target: div })).toBe('next-page');
    expect(listKeyAction({ key: '[', target: div })).toBe('previous-page');
    expect(listKeyAction({ key: '/', target: div })).toBe('focus-search');
    expect(listKeyAction({ key: 'j', target: { tagName: 'INPUT' } })).toBeUndefined();
    expect(listKeyAction({ key: 'j', ctrlKey: true, target: div })).toBeUndefined();
    expect(movedRow(-1, 'next-row', 5)).toBe(0);
    expect(movedRow(4, 'next-row', 5)).toBe(4);
    expect(movedRow(0, 'previous-row', 5)).toBe(0);
    expect(movedRow(0, 'next-row', 0)).toBe(-1);
  });
});

describe('export', () => {
  it('exports the list’s columns, references by label, never the fields a definition keeps back', () => {
    expect(exportColumns(client).map((c) => c.key)).toEqual([
      'itemId',
      'name',
      'email',
      'about',
      'website',
      'industries',
      'status',
      'owner',
      'createdAt',
    ]);
    expect(exportColumns(task).some((c) => c.key === 'assigneeIds')).toBe(false);
    expect(exportColumns({ ...client, neverExported: ['email'] }).some((c) => c.key === 'email')).toBe(false);
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
  });
});
