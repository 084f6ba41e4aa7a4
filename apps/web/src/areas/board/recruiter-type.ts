import type { recruiterTypes } from '@app/contract/resources/job-board/company';

const labels: Record<(typeof recruiterTypes)[number], string> = { COMPANY: 'Company', RECRUITMENT_AGENCY: 'Recruitment agency' };

export const recruiterTypeLabel = (value: string | null | undefined) => labels[value as keyof typeof labels] ?? '';

export const recruiterTypeOptions = Object.entries(labels).map(([value, label]) => ({ value, label }));
