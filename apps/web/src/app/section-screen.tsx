import type { ScreenArea } from '@app/contract/screen-placement';
import { type ComponentType, lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { NotFoundPage } from '../areas/public/not-found-page';
import { DefinitionScreen } from '../kit/definition-screen';
import { screenFileOf, sectionAt } from '../kit/sections';
import { FullPageLoader } from './full-page-loader';

/**
 * A section's own screen, where it has one: `areas/<area>/<path>-page.tsx` (`screenFileOf`), exporting
 * one component whose name ends in "Page". Loaded when first opened.
 */
const screenFiles = import.meta.glob<Record<string, unknown>>('../areas/*/*-page.tsx');

const loaded = new Map<string, ComponentType>();

const screenOf = (area: ScreenArea, path: string) => {
  const file = `../${screenFileOf(area, path)}`;
  const load = screenFiles[file];
  if (!load) return undefined;
  const known = loaded.get(file);
  if (known) return known;
  const component = lazy(async () => {
    const pages = Object.entries(await load()).filter(([name]) => name.endsWith('Page'));
    if (pages.length !== 1) throw new Error(`${file} must export one component named …Page, not ${pages.length}`);
    return { default: pages[0]?.[1] as ComponentType };
  });
  loaded.set(file, component);
  return component;
};

/**
 * /<area>/:section (or /<area>/* where a section's path has more than one part) — the section a
 * definition places there (its `screen`): its screen file, or, for a definition with none, its
 * generic list and form. So a new section needs no route written.
 */
export const SectionScreen = ({ area }: { area: ScreenArea }) => {
  const { section = '', '*': rest } = useParams();
  const path = rest ?? section;
  const placed = sectionAt(area, path);
  if (!placed) return <NotFoundPage />;
  const Screen = screenOf(area, path);
  if (!Screen) return <DefinitionScreen key={path} resource={placed.resource} />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Screen />
    </Suspense>
  );
};

export const CrmSectionScreen = () => <SectionScreen area="crm" />;

export const AdminSectionScreen = () => <SectionScreen area="admin" />;
