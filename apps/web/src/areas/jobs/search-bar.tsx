import { Button, Grid, Input, SegmentedControl, Select, TextInput } from '@mantine/core';
import { IconMapPin, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { comboboxProps } from '../../kit/combobox';
import { radiusChoices, type SearchState, type Unit } from './search-params';

type Where = Pick<SearchState, 'q' | 'place' | 'radius' | 'unit'>;

type SearchBarProps = {
  initial: Where;
  onSearch: (where: Where) => void;
  /** The server's word on the place ("We could not find that place…"). */
  placeError?: string;
  /** The home page's hero asks only what and where; the results page also how far. */
  withDistance?: boolean;
};

/** What and where to search: words, a place or postcode, and how far from it. Sent on Search (or Enter), and when the distance or unit changes. */
export const SearchBar = ({ initial, onSearch, placeError, withDistance = true }: SearchBarProps) => {
  const [q, setQ] = useState(initial.q);
  const [place, setPlace] = useState(initial.place);
  const [radius, setRadius] = useState(initial.radius);
  const [unit, setUnit] = useState<Unit>(initial.unit);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ q: q.trim(), place: place.trim(), radius, unit });
  };
  // Like the filters, a new distance or unit searches at once.
  const searchWithin = (within: Pick<Where, 'radius' | 'unit'>) => {
    setRadius(within.radius);
    setUnit(within.unit);
    onSearch({ q: q.trim(), place: place.trim(), ...within });
  };

  const distanceOptions = radiusChoices.map((n) => ({ value: String(n), label: `Within ${n} ${unit}` }));
  const button = (
    // On one row with the inputs, the button sits level with them, below their labels.
    <Button type="submit" leftSection={<IconSearch size={18} aria-hidden />} fullWidth mt={{ base: 0, md: 22 }}>
      Search
    </Button>
  );

  return (
    <search aria-label="Job search">
      <form onSubmit={submit}>
        <Grid gutter="sm" align="flex-start">
          <Grid.Col span={{ base: 12, md: withDistance ? 4 : 5 }}>
            <TextInput
              label="Keywords"
              placeholder="Job title, skill or company"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={q}
              onChange={(e) => setQ(e.currentTarget.value)}
              type="search"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: withDistance ? 6 : 12, md: withDistance ? 3 : 5 }}>
            <TextInput
              label="Place or postcode"
              placeholder="e.g. Leeds or LS1"
              leftSection={<IconMapPin size={16} aria-hidden />}
              value={place}
              onChange={(e) => setPlace(e.currentTarget.value)}
              error={placeError}
              autoComplete="address-level2"
            />
          </Grid.Col>
          {withDistance && (
            <>
              <Grid.Col span={{ base: 7, sm: 3, md: 2 }}>
                <Select
                  label="Distance"
                  data={distanceOptions}
                  value={String(radius)}
                  onChange={(value) => value && searchWithin({ radius: Number(value), unit })}
                  allowDeselect={false}
                  comboboxProps={comboboxProps}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 5, sm: 3, md: 1 }}>
                <Input.Wrapper label="Unit" labelElement="div">
                  <SegmentedControl
                    fullWidth
                    aria-label="Distance unit"
                    data={[
                      { value: 'mi', label: 'mi' },
                      { value: 'km', label: 'km' },
                    ]}
                    value={unit}
                    onChange={(value) => searchWithin({ radius, unit: value as Unit })}
                  />
                </Input.Wrapper>
              </Grid.Col>
            </>
          )}
          <Grid.Col span={{ base: 12, md: 2 }}>{button}</Grid.Col>
        </Grid>
      </form>
    </search>
  );
};
