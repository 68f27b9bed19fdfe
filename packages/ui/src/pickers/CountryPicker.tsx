/** Searches countries by name or code and selects several; the chosen ones show as removable tags. */
import { Button, Field, makeStyles, SearchBox, Spinner, Text, tokens } from '@fluentui/react-components';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useCountries } from '../data/hooks.ts';
import { ErrorMessage } from '../errors/ErrorMessage.tsx';
import { EmptyState } from '../EmptyState.tsx';
import { CheckList, focusFirstCheckbox } from './CheckList.tsx';
import { SelectedTags } from './SelectedTags.tsx';
import { filterCountries } from './countries.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  search: { width: '100%', maxWidth: 'none' },
  bar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, minHeight: '24px' },
});

/** Rows rendered at most; a search narrows the rest. */
const MAX_ROWS = 60;

export interface CountryPickerProps {
  /** Selected ISO 2-letter codes. */
  selected: readonly string[];
  onChange(codes: string[]): void;
  label?: string;
  /** A validation error to show under the field (from the QueryBuilder). */
  validationMessage?: string;
}

/** A search box, the chosen countries as tags, and a checkbox list of matches with their region. */
export function CountryPicker({ selected, onChange, label = 'Countries', validationMessage }: CountryPickerProps): ReactNode {
  const styles = useStyles();
  const [search, setSearch] = useState('');
  const { status, data, error, empty, reload } = useCountries();
  const id = useId();
  const listBox = useRef<HTMLDivElement>(null);
  const byCode = new Map((data ?? []).map((c) => [c.code, c]));
  const matches = filterCountries(data ?? [], search);
  const shown = matches.slice(0, MAX_ROWS);

  const toggle = (code: string, checked: boolean): void => {
    onChange(checked ? [...selected.filter((c) => c !== code), code] : selected.filter((c) => c !== code));
  };

  let body: ReactNode;
  if (status === 'error') body = <ErrorMessage error={error} onRetry={reload} />;
  else if (empty) body = <EmptyState title="No countries" description="The service lists no countries." />;
  else if (!data) body = <Spinner size="tiny" label="Loading countries…" />;
  else if (shown.length === 0) body = <EmptyState title={`No country matches “${search.trim()}”`} description="Search by name (Viet Nam) or code (VN, VNM)." />;
  else {
    const items = shown.map((c) => ({ value: c.code, label: `${c.name} (${c.code})`, ...(c.region ? { description: c.region } : {}) }));
    body = <CheckList items={items} selected={selected} onToggle={toggle} ariaLabel={label} idPrefix={id} />;
  }

  return (
    <div className={styles.root}>
      <Field label={label} {...(validationMessage ? { validationMessage, validationState: 'error' as const } : {})}>
        <SearchBox
          className={styles.search}
          value={search}
          placeholder="Search by name or code"
          onChange={(_, d) => setSearch(d.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') { e.preventDefault(); focusFirstCheckbox(listBox.current); }
            // Enter adds the best match, so "vn" Enter "th" Enter picks two countries without the mouse.
            if (e.key === 'Enter' && shown[0] && !selected.includes(shown[0].code)) { e.preventDefault(); toggle(shown[0].code, true); setSearch(''); }
          }}
          aria-label={`Search ${label.toLowerCase()}`}
        />
      </Field>
      <SelectedTags
        items={selected.map((code) => ({ value: code, text: byCode.get(code)?.name ?? code, name: byCode.get(code)?.name ?? code }))}
        onRemove={(code) => toggle(code, false)}
        ariaLabel={`Selected ${label.toLowerCase()}`}
      />
      <div className={styles.bar} aria-live="polite">
        <Text size={200}>{data ? (matches.length > shown.length ? `${shown.length} of ${matches.length} shown: type to narrow` : `${matches.length} shown · ${selected.length} selected`) : ''}</Text>
        {selected.length > 0 ? <Button size="small" appearance="subtle" onClick={() => onChange([])}>Clear selection</Button> : null}
      </div>
      <div ref={listBox}>{body}</div>
    </div>
  );
}
