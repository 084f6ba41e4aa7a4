/** @jsxRuntime automatic */
import type { CvDocument, CvMovableSection } from '@app/contract/resources/job-board/cv-document';
import { Document } from '@react-pdf/renderer';
import { Fragment, type ReactNode } from 'react';
import { fullName } from '../shared/format';
import { arrange, cvSectionTitles, hasSection, keepWhole } from './sections';

/** The document with the CV's metadata, the same in every template. */
export const CvPdf = ({ cv, children }: { cv: CvDocument; children: ReactNode }) => {
  const name = fullName(cv.name);
  return (
    <Document title={cv.cvTitle || name} author={name} subject={cv.designation} creator="Recruitment Platform" language="en-GB">
      {children}
    </Document>
  );
};

/** One function per section of a column, drawing what goes under its heading; called only for sections with something to show. */
export type SectionBodies<Key extends CvMovableSection> = Record<Key, () => ReactNode>;

/** What a template's frame (its heading and spacing) needs to know about the section inside it. */
export type SectionFrame = {
  title: string;
  /** Small enough never to be split across pages. */
  keep: boolean;
  /** The first section drawn in its column, which some templates space differently. */
  first: boolean;
};

/**
 * A column's sections in the seeker's order (`arrange`), leaving out the empty ones, each body drawn
 * inside the template's frame. The order lives here once, so every template and column honours it alike.
 */
export const arrangedSections = <Key extends CvMovableSection>(
  cv: CvDocument,
  column: readonly Key[],
  bodies: SectionBodies<Key>,
  frame: (section: SectionFrame, body: ReactNode) => ReactNode,
) =>
  arrange(column, cv.sectionOrder)
    .filter((key) => hasSection(cv, key))
    .map((key, index) => (
      <Fragment key={key}>{frame({ title: cvSectionTitles[key], keep: keepWhole(cv, key), first: index === 0 }, bodies[key]())}</Fragment>
    ));
