import { updateCompanyAbout, updateCompanyIndustries } from '@app/contract/resources/job-board/company';
import { SimpleGrid } from '@mantine/core';
import { callApi } from '../../kit/api';
import { FieldsForm } from '../../kit/fields-form';
import { SectionCard } from '../../kit/section-card';
import { industryLoader } from '../board/lookup-options';
import type { CompanyRecord } from '../board/types';
import { useSetMyCompany } from './use-my-company';

/** What job seekers read about the company, and the industries it hires in. */
export const AboutCompanySection = ({ record }: { record: CompanyRecord }) => {
  const setCompany = useSetMyCompany();
  return (
    <SectionCard id="about" title="About the company" description="Job seekers read this on your company page and beside your jobs.">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <FieldsForm
          fields={[{ name: 'aboutUs', label: 'About us', kind: 'textarea', required: true }]}
          initial={record}
          emptyStrings="keep"
          submitLabel="Save about us"
          successMessage="Saved"
          onSubmit={(payload) => callApi(updateCompanyAbout, payload)}
          onSuccess={setCompany}
        />
        <FieldsForm
          fields={[{ name: 'industries', label: 'Industries', kind: 'multiselect', options: industryLoader, description: 'Up to 20' }]}
          initial={record}
          emptyStrings="keep"
          submitLabel="Save industries"
          successMessage="Your industries have been saved"
          onSubmit={(payload) => callApi(updateCompanyIndustries, payload)}
          onSuccess={setCompany}
        />
      </SimpleGrid>
    </SectionCard>
  );
};
