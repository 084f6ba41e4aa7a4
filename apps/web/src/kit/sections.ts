import type { ResourceDefinition } from '@app/contract/define-resource';
import { resources } from '@app/contract/resources/registry';
import type { ScreenArea, ScreenPlacement } from '@app/contract/screen-placement';

type Placed = { resource: ResourceDefinition; screen: ScreenPlacement };
type Section = { resource: ResourceDefinition; screen: ScreenPlacement & { menu: NonNullable<ScreenPlacement['menu']> } };

// A definition seen in several areas (staff, roles) places itself once per area, the first where its records open.
const placed: Placed[] = resources.flatMap((resource) => [resource.screen ?? []].flat().map((screen) => ({ resource, screen })));

/** An area's sections, one per definition with a menu line, in their menu order. */
export const sectionsOf = (area: ScreenArea): Section[] =>
  placed
    .filter((entry): entry is Section => entry.screen.area === area && entry.screen.menu !== undefined)
    .sort((a, b) => a.screen.menu.order - b.screen.menu.order);

/** The definition whose menu section an area's path is ("leads" in the CRM is the lead's), if any. */
export const sectionAt = (area: ScreenArea, path: string) => sectionsOf(area).find((section) => section.screen.path === path);

/** Where a definition, by its name, is seen in the web app (its first placement), if anywhere. */
export const placementOf = (kind: string) => placed.find((entry) => entry.resource.name === kind)?.screen;

/** A section's own screen file under apps/web/src: areas/<area>/<path>-page.tsx, a path's slashes as dashes (cover-letters-sections-page.tsx). */
export const screenFileOf = (area: ScreenArea, path: string) => `areas/${area}/${path.replaceAll('/', '-')}-page.tsx`;
