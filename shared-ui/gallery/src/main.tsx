import {
  BATCH_STATUSES,
  clientIdentifier,
  DUE_STATUS_BUBBLES,
  formatDate,
  formatDurationMinutes,
  formatFileSize,
  formatNumber,
  generateIdentifier,
  generateUsername,
  i18n,
  type Language,
  type MemberState,
  password,
  shouldMatch,
  toCsv,
} from '@dash/shared-core';
import { phoneNumber } from '@dash/shared-core/phone';
import { COUNTRIES, zipcode } from '@dash/shared-core/postal';
import {
  CheckboxField,
  DateField,
  SelectField,
  Tabs,
  TextField,
  useSessionStore,
  useToastStore,
} from '@dash/shared-ui';
import { Dialog } from '@dash/shared-ui/dialog';
import { BatchProgress, BooleanText, DueStatusBubble, RiskFactorBadge } from '@dash/shared-ui/display';
import { Dropdown, type DropdownItem } from '@dash/shared-ui/dropdown';
import { type Column, DataTable, downloadText, useTableState } from '@dash/shared-ui/table';
import { Upload } from '@dash/shared-ui/upload';
import { StrictMode, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import de_DE from '../../../shared-core/src/i18n/locales/de_DE.json';
import en_GB from '../../../shared-core/src/i18n/locales/en_GB.json';

/** A member who may see some table actions and not others (the "archive" action needs a permission not held). */
useSessionStore.getState().signedIn({
  member: {
    uuid: 'gallery',
    email: 'gallery@example.com',
    roleIdentifier: 'admin',
    permissions: ['member-list.get-list', 'member-list.memberdetails'],
  },
  memberDetails: {},
  featureFlags: { elearnings: true, riskAssessments: true, templates: true, calendar: false },
  externalCalendarHref: null,
  clientName: 'Gallery',
} as unknown as MemberState);

interface Person {
  id: string;
  name: string;
  city: string;
  size: number;
  joined: string;
  active: boolean;
}

const CITIES = ['Berlin', 'Hamburg', 'München', 'Köln', ''];
const PEOPLE: Person[] = Array.from({ length: 60 }, (_, index) => ({
  id: `p${index + 1}`,
  name: `Person ${String(index + 1).padStart(2, '0')}`,
  city: CITIES[index % CITIES.length] ?? '',
  size: (index + 1) * 123_457,
  joined: new Date(Date.UTC(2024, index % 12, (index % 27) + 1)).toISOString(),
  active: index % 3 !== 0,
}));
const SORT_KEYS = ['name', 'city', 'size'] as const;

function TableDemo() {
  const { i18n: current } = useTranslation();
  const language = current.language as Language;
  const table = useTableState(SORT_KEYS, 'name', ['search', 'active']);
  const { state } = table;
  const [opened, setOpened] = useState<Person | null>(null);
  // Stands in for the server: the table itself only ever holds one page.
  const result = useMemo(() => {
    const search = (state.filter.search ?? '').toLowerCase();
    const filtered = PEOPLE.filter(
      (person) =>
        (!search || person.name.toLowerCase().includes(search) || person.city.toLowerCase().includes(search)) &&
        (!state.filter.active || String(person.active) === state.filter.active),
    );
    const sorted = [...filtered].sort((a, b) => {
      const order = a[state.sortBy] < b[state.sortBy] ? -1 : a[state.sortBy] > b[state.sortBy] ? 1 : 0;
      return state.sortDirection === 'asc' ? order : -order;
    });
    const start = (state.page - 1) * state.perPage;
    return { items: sorted.slice(start, start + state.perPage), total: filtered.length };
  }, [state]);
  const columns: Column<Person>[] = [
    { name: 'name', label: 'Name', sortable: true, width: '12rem', value: (person) => person.name },
    { name: 'city', label: 'City', sortable: true, value: (person) => person.city },
    {
      name: 'size',
      label: 'File size',
      sortable: true,
      alignment: 'right',
      value: (person) => person.size,
      formatter: (value) => formatFileSize(Number(value), language),
    },
    { name: 'joined', label: 'Joined', value: (person) => formatDate(person.joined, language) },
    {
      name: 'active',
      label: 'Status',
      alignment: 'center',
      value: (person) => <BooleanText value={person.active} format="inactiveActive" />,
    },
  ];
  return (
    <>
      <DataTable
        caption="People"
        columns={columns}
        rows={result.items}
        total={result.total}
        loading={false}
        table={table}
        rowKey={(person) => person.id}
        rowLabel={(person) => person.name}
        emptyText="Nobody matches."
        filters={[
          { name: 'search', type: 'search', label: 'Search', typeahead: true },
          {
            name: 'active',
            type: 'dropdown',
            label: 'Status',
            options: [
              { value: '', label: 'All' },
              { value: 'true', label: 'Active' },
              { value: 'false', label: 'Inactive' },
            ],
          },
        ]}
        rowActions={[
          { id: 'open', label: 'Open', permissions: ['member-list.memberdetails'], onAction: setOpened },
          { id: 'archive', label: 'Archive', permissions: ['archive-member.list'], onAction: () => {} },
        ]}
        bulkActions={[
          {
            id: 'export',
            label: 'Export selection as CSV',
            permissions: ['member-list.get-list'],
            onAction: (people) =>
              downloadText(
                'people.csv',
                toCsv(
                  ['Name', 'City'],
                  people.map((person) => [person.name, person.city]),
                ),
              ),
          },
        ]}
      />
      <Dialog
        open={opened !== null}
        onClose={() => setOpened(null)}
        headline={opened?.name ?? ''}
        texts={[`City: ${opened?.city || '–'}`]}
        cancel={false}
        buttons={[{ label: 'OK', onClick: () => setOpened(null) }]}
      />
    </>
  );
}

const COLOURS: DropdownItem[] = [
  { label: 'Red', value: 'red', icon: '🔴' },
  { label: 'Green', value: 'green', icon: '🟢' },
  { label: 'Blue (not available)', value: 'blue', disabled: true },
  { label: 'Yellow', value: 'yellow' },
  { label: 'dialog.ok', value: 'ok', translate: true },
];

function DropdownDemo() {
  const [single, setSingle] = useState<string | null>(null);
  const [multi, setMulti] = useState<string[]>([]);
  return (
    <div className="gallery-row">
      <Dropdown label="Colour" items={COLOURS} value={single} onChange={setSingle} id="dropdown-single" />
      <Dropdown
        label="Colours (at most 2)"
        multiple
        max={2}
        items={COLOURS}
        value={multi}
        onChange={setMulti}
        id="dropdown-multi"
      />
      <p data-testid="dropdown-values">
        {single ?? '–'} / {multi.join(', ') || '–'}
      </p>
    </div>
  );
}

function DialogDemo() {
  const [open, setOpen] = useState<0 | 30 | 40 | 50>(0);
  const [result, setResult] = useState('');
  return (
    <div className="gallery-row">
      {([30, 40, 50] as const).map((width) => (
        <button key={width} type="button" className="ui-button ui-button--ghost" onClick={() => setOpen(width)}>
          Open dialog {width} rem
        </button>
      ))}
      <p data-testid="dialog-result">{result}</p>
      <Dialog
        open={open !== 0}
        width={open}
        onClose={() => {
          setOpen(0);
          setResult('cancelled');
        }}
        headline="Archive 2 members?"
        texts={['Archived members can be restored from the archive.']}
        list={['Anna Schmidt', 'Ben Müller']}
        buttons={[
          {
            label: 'Archive',
            variant: 'danger',
            onClick: () => {
              setOpen(0);
              setResult('archived');
            },
          },
        ]}
      />
    </div>
  );
}

function FormDemo() {
  const [country, setCountry] = useState('DE');
  const [postal, setPostal] = useState('');
  const [company, setCompany] = useState('');
  const [phone, setPhone] = useState('');
  const [pass, setPass] = useState('');
  const [repeat, setRepeat] = useState('');
  const [date, setDate] = useState('');
  const [agree, setAgree] = useState(false);
  const [first, setFirst] = useState('Jörg');
  const [last, setLast] = useState('Müller');
  return (
    <form className="gallery-grid" onSubmit={(event) => event.preventDefault()} noValidate>
      <SelectField
        label="Country"
        value={country}
        onChange={setCountry}
        options={COUNTRIES.map((entry) => ({ value: entry.alpha2, label: `${entry.countryName} (${entry.alpha2})` }))}
      />
      <TextField label="Postal code" value={postal} onChange={setPostal} required rules={[zipcode(() => country)]} />
      <TextField label="Company ID" value={company} onChange={setCompany} lowercase rules={[clientIdentifier]} />
      <TextField label="Phone" value={phone} onChange={setPhone} rules={[phoneNumber]} />
      <TextField
        label="Password"
        type="password"
        value={pass}
        onChange={setPass}
        rules={[password]}
        autoComplete="new-password"
      />
      <TextField
        label="Repeat password"
        type="password"
        value={repeat}
        onChange={setRepeat}
        rules={[shouldMatch(() => pass)]}
        autoComplete="new-password"
      />
      <DateField label="Due date" value={date} onChange={setDate} min="2024-01-01" max="2030-12-31" />
      <CheckboxField label="I agree" checked={agree} onChange={setAgree} required />
      <TextField label="First name" value={first} onChange={setFirst} />
      <TextField label="Last name" value={last} onChange={setLast} />
      <p>
        Username: <code>{generateUsername(first, last)}</code> · identifier:{' '}
        <code>{generateIdentifier(`${first} ${last}`, () => 0.4711)}</code>
      </p>
    </form>
  );
}

function FormatterDemo() {
  const { i18n: current } = useTranslation();
  const language = current.language as Language;
  return (
    <div>
      <p>{[0, 1536, 5 * 1024 * 1024, 3.25 * 1024 ** 3].map((bytes) => formatFileSize(bytes, language)).join(' · ')}</p>
      <p>
        {formatDurationMinutes(95)} · {formatNumber(1234.5678, language)} ·{' '}
        {formatDate('2024-03-05T10:00:00Z', language)} · <BooleanText value={true} /> / <BooleanText value={false} />
      </p>
      <p className="gallery-row">
        {[1, 3, 5, 7, 9].map((factor) => (
          <RiskFactorBadge key={factor} factor={factor} />
        ))}
      </p>
      <p className="gallery-row">
        {DUE_STATUS_BUBBLES.map((status, index) => (
          <DueStatusBubble key={status} status={status} count={index + 1} />
        ))}
      </p>
      {BATCH_STATUSES.map((status) => (
        <BatchProgress key={status} status={status} done={7} total={12} />
      ))}
    </div>
  );
}

function Toasts() {
  const toasts = useToastStore((state) => state.toasts);
  return (
    <div className="gallery-toasts" aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`ui-alert ui-alert--${toast.type}`}
          role={toast.type === 'danger' ? 'alert' : 'status'}
        >
          <strong>{toast.title}</strong> {toast.message}
        </div>
      ))}
    </div>
  );
}

function Gallery() {
  const { i18n: current } = useTranslation();
  return (
    <>
      <header className="gallery-header">
        <h1>Building blocks</h1>
        <label>
          Language{' '}
          <select
            value={current.language}
            onChange={(event) => void current.changeLanguage(event.target.value)}
            data-testid="language"
          >
            <option value="de_DE">Deutsch</option>
            <option value="en_GB">English</option>
          </select>
        </label>
      </header>
      <main>
        <section aria-labelledby="s-table">
          <h2 id="s-table">Table</h2>
          <TableDemo />
        </section>
        <section aria-labelledby="s-dropdown">
          <h2 id="s-dropdown">Dropdown</h2>
          <DropdownDemo />
        </section>
        <section aria-labelledby="s-dialog">
          <h2 id="s-dialog">Dialog</h2>
          <DialogDemo />
        </section>
        <section aria-labelledby="s-forms">
          <h2 id="s-forms">Forms and validators</h2>
          <FormDemo />
        </section>
        <section aria-labelledby="s-upload">
          <h2 id="s-upload">Upload</h2>
          <Upload
            label="Documents (a name containing “fail” is refused by the demo server)"
            url="/upload"
            maxFiles={3}
            csrfUrl={null}
          />
        </section>
        <section aria-labelledby="s-format">
          <h2 id="s-format">Formatters</h2>
          <FormatterDemo />
        </section>
        <section aria-labelledby="s-tabs">
          <h2 id="s-tabs">Tabs</h2>
          <Routes>
            <Route
              path="*"
              element={
                <Tabs
                  label="Member details"
                  pattern="/members/:uuid/:tabId"
                  params={{ uuid: 'abc' }}
                  tabs={[
                    { id: 'details', label: 'Details' },
                    { id: 'org-units', label: 'Org units', permissions: ['member-list.memberdetails'] },
                    {
                      id: 'archive',
                      label: 'Archive (hidden: permission missing)',
                      permissions: ['archive-member.list'],
                    },
                  ]}
                />
              }
            />
          </Routes>
        </section>
      </main>
      <Toasts />
    </>
  );
}

async function start() {
  await i18n.init({
    lng: 'en_GB',
    fallbackLng: false,
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    resources: { de_DE: { common: de_DE }, en_GB: { common: en_GB } },
  });
  const style = document.createElement('style');
  style.textContent = `
    main { max-width: 72rem; margin: 0 auto; padding: 1rem; }
    section { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); padding: 1rem; margin-bottom: 1.5rem; }
    .gallery-header { display: flex; justify-content: space-between; align-items: center; max-width: 72rem; margin: 0 auto; padding: 1rem; }
    .gallery-row { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
    .gallery-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: 0 1rem; }
    .gallery-toasts { position: fixed; right: 1rem; bottom: 1rem; display: grid; gap: 0.5rem; max-width: 24rem; }
  `;
  document.head.append(style);
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <Gallery />
        </BrowserRouter>
      </I18nextProvider>
    </StrictMode>,
  );
}

void start();
