import { useQuery } from '@tanstack/react-query';
import { loadIndustries } from './lookup-options';

/** Every active industry, loaded once a session, and their names by id. */
export const useIndustries = () => {
  const query = useQuery({ queryKey: ['board', 'industries'], queryFn: ({ signal }) => loadIndustries(signal), staleTime: 10 * 60_000 });
  const rows = query.data ?? [];
  return {
    options: rows.map((row) => ({ value: row._id, label: row.label })),
    nameOf: (id: string) => rows.find((row) => row._id === id)?.label,
  };
};
