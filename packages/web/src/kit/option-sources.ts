import { type FieldOption, listGroupSymbols, type OptionSource } from '@gw/core';
import { useQuery } from '@tanstack/react-query';
import { useApp } from '../app/app-context';

/** Choices a filter or a field reads from the server by its option source (each read once, cached). */
export function useOptionSource(source: OptionSource | undefined): FieldOption[] | undefined {
  const { client } = useApp();
  const groups = useQuery({
    queryKey: ['user_groups', 'symbols'],
    queryFn: () => listGroupSymbols(client),
    enabled: source === 'user_groups',
  });
  if (source === 'user_groups') return groups.data?.map((symbol) => ({ value: symbol, label: symbol }));
  return undefined;
}
