import type { FieldDescriptor } from '../../kit/field-descriptor';
import {
  experienceOptions,
  industryLoader,
  jobTypeOptions,
  salaryDurationOptions,
  skillLoader,
  workModelOptions,
} from '../board/lookup-options';

const statusOptions = [
  { value: 'PUBLISHED', label: 'Published: on the board now' },
  { value: 'DRAFT', label: 'Draft: only you can see it' },
];

/** The job editor's inputs; the salary is one range here, the API's `salaries[0]`. */
export const jobFormFields: FieldDescriptor[] = [
  { name: 'title', label: 'Job title', kind: 'text', required: true, section: 'The job' },
  {
    name: 'description',
    label: 'Summary',
    kind: 'textarea',
    description: 'One or two sentences, shown in search results.',
    section: 'The job',
  },
  {
    name: 'content',
    label: 'Job details',
    kind: 'richtext',
    required: true,
    description: 'What the job is, who you are looking for and what you offer.',
    section: 'The job',
  },
  { name: 'jobTypes', label: 'Job types', kind: 'multiselect', options: jobTypeOptions, half: true, section: 'The job' },
  { name: 'workModel', label: 'Work model', kind: 'select', options: workModelOptions, half: true, section: 'The job' },
  { name: 'experience', label: 'Experience', kind: 'select', options: experienceOptions, half: true, section: 'The job' },
  { name: 'industries', label: 'Industries', kind: 'multiselect', options: industryLoader, half: true, section: 'The job' },
  { name: 'skills', label: 'Skills', kind: 'multiselect', options: skillLoader, section: 'The job' },
  {
    name: 'address.city',
    label: 'Town or city',
    kind: 'text',
    half: true,
    section: 'Where',
    readOnlyIn: ['edit'],
    description: 'Set when the job is posted',
  },
  {
    name: 'address.postCode',
    label: 'Postcode',
    kind: 'text',
    half: true,
    section: 'Where',
    readOnlyIn: ['edit'],
    description: 'Lets people find the job by distance',
  },
  { name: 'paidToRelocate', label: 'We pay to relocate', kind: 'switch', section: 'Where' },
  { name: 'salary.min', label: 'Salary from (£)', kind: 'number', half: true, section: 'Pay' },
  { name: 'salary.max', label: 'Salary to (£)', kind: 'number', half: true, section: 'Pay' },
  { name: 'salary.duration', label: 'Paid', kind: 'select', options: salaryDurationOptions, half: true, section: 'Pay' },
  { name: 'applicationStartDate', label: 'Applications open', kind: 'date', half: true, section: 'Applications' },
  { name: 'applicationEndDate', label: 'Applications close', kind: 'date', half: true, section: 'Applications' },
  {
    name: 'status',
    label: 'Status',
    kind: 'select',
    options: statusOptions,
    required: true,
    modes: ['create'],
    section: 'Applications',
    description: 'You can publish or close it later from your jobs.',
  },
];
