import type { FastifyInstance } from 'fastify';
import { registerCoverLetterCatalogue } from './cover-letter-catalogue';
import { registerCoverLetters } from './cover-letters';
import { registerCvs } from './cvs';

/** The CV builder, the cover-letter builder and the catalogue admins curate for letters. */
export const registerCvBuilder = (app: FastifyInstance) => {
  registerCvs(app);
  registerCoverLetterCatalogue(app);
  registerCoverLetters(app);
};
