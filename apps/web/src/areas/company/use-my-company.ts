import { myCompany } from '@app/contract/resources/job-board/company';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '../../kit/api';
import type { CompanyRecord } from '../board/types';

export const myCompanyKey = ['board', 'my-company'] as const;

/** The signed-in recruiter's own company. */
export const useMyCompany = () => useQuery({ queryKey: myCompanyKey, queryFn: ({ signal }) => callApi(myCompany, {}, { signal }) });

/** Every company update answers the whole record: it replaces the cached one. */
export const useSetMyCompany = () => {
  const queryClient = useQueryClient();
  return useCallback((record: CompanyRecord) => queryClient.setQueryData(myCompanyKey, record), [queryClient]);
};
