// @vitest-environment jsdom
import type { ElearningExecution, ElearningExecutionItem, ElearningSaveExecutionResponse } from '@dash/shared-core';
import { i18n } from '@dash/shared-core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import common from '../../../../../shared-core/src/i18n/locales/en_GB.json';
import elearnings from '../../../i18n/en_GB.json';
import type { NavigationRequest, RuntimeCallbacks } from '../scormRuntime';

/** What happened, in order: runtime starts and flushes, reads of another item. */
const events: string[] = [];
let callbacks: RuntimeCallbacks | undefined;
let first: ElearningExecution;
const readItem = vi.fn<(uuid: string, scoId: string) => Promise<ElearningExecution>>();

vi.mock('../api/readExecution', () => ({
  useExecution: () => ({ isPending: false, data: first }),
  readExecutionItem: (uuid: string, scoId: string) => {
    events.push(`read ${scoId}`);
    return readItem(uuid, scoId);
  },
}));
vi.mock('../api/resetExecution', () => ({ useResetExecution: () => ({ mutate: vi.fn(), isPending: false }) }));
vi.mock('../scormRuntime', () => ({
  startScormRuntime: async (launch: ElearningExecution, given: RuntimeCallbacks) => {
    events.push(`start ${launch.scoId}@${launch.sequence}`);
    callbacks = given;
    return {
      save: async () => undefined,
      flush: async () => {
        events.push(`flush ${launch.scoId}`);
      },
      saveOnLeave: () => undefined,
      dispose: () => events.push(`dispose ${launch.scoId}`),
    };
  },
}));
vi.mock('@dash/shared-ui', () => ({
  useParams: () => ({ executionUuid: first.uuid }),
  useNavigate: () => vi.fn(),
  Link: ({ children }: { children: ReactNode }) => <a href="/certificate">{children}</a>,
  PageHeader: ({ title, actions }: { title: string; actions?: ReactNode }) => (
    <header>
      <h1>{title}</h1>
      {actions}
    </header>
  ),
  Spinner: () => <p>loading</p>,
  showToast: vi.fn(),
}));
vi.mock('@dash/shared-ui/dialog', () => ({
  Dialog: ({ open, headline }: { open: boolean; headline: string }) =>
    open ? <div role="dialog">{headline}</div> : null,
}));

const { default: PlayerPage } = await import('./PlayerPage');

const item = (id: string, sco = true, status: ElearningExecutionItem['status'] = 'notAttempted') => ({
  id,
  title: `Part ${id}`,
  launchUrl: `/api/elearning/scorm/p/${id}.html`,
  sco,
  status: sco ? status : null,
  scorePercent: null,
});

function launchOf(scoId: string, items: ElearningExecutionItem[], sequence = 0): ElearningExecution {
  return {
    uuid: '00000000-0000-4000-8000-000000000001',
    taskUuid: '00000000-0000-4000-8000-000000000002',
    scormVersion: '2004',
    scoId,
    launchUrl: `/api/elearning/scorm/p/${scoId}.html`,
    title: 'Golf',
    cmi: {},
    sequence,
    items,
    completedAt: null,
    resultUuid: null,
    sequencing: null,
  };
}

function renderPlayer() {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <PlayerPage />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const frame = () => screen.queryByTestId('player-frame');
const contents = () => screen.getByRole('navigation', { name: 'Contents' });
const current = () => contents().querySelector('[aria-current="step"]')?.textContent;

beforeAll(async () => {
  if (!i18n.isInitialized) {
    await i18n.init({
      lng: 'en_GB',
      fallbackLng: false,
      ns: ['common', 'elearnings'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      resources: { en_GB: { common, elearnings } },
    });
  }
});

beforeEach(() => {
  events.length = 0;
  callbacks = undefined;
  readItem.mockReset();
});

afterEach(cleanup);

describe('the player of a package of several items', () => {
  const items = [item('A', true, 'completed'), item('V', false), item('B'), item('C')];

  it('a single-SCO package shows the course alone, as before', async () => {
    first = launchOf('ONLY', [item('ONLY')]);
    renderPlayer();
    await waitFor(() => expect(frame()?.getAttribute('src')).toBe('/api/elearning/scorm/p/ONLY.html'));
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByTestId('player-next')).toBeNull();
  });

  it('lists the items with their status beside the course, resumes in the SCO of the execution', async () => {
    first = launchOf('B', items, 4);
    renderPlayer();
    await waitFor(() => expect(frame()?.getAttribute('src')).toBe('/api/elearning/scorm/p/B.html'));
    expect(events).toEqual(['start B@4']);
    const buttons = Array.from(contents().querySelectorAll('button'));
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Part ACompleted',
      'Part V',
      'Part BNot started',
      'Part CNot started',
    ]);
    expect(current()).toBe('Part BNot started');
    expect(screen.getByTestId('player-position').textContent).toBe('Part 3 of 4: Part B');
    expect(frame()?.getAttribute('title')).toBe('Course: Golf – Part B');

    // A commit of the open SCO updates its entry.
    const saved: ElearningSaveExecutionResponse = {
      applied: true,
      sequence: 5,
      sco: { id: 'B', status: 'incomplete', scorePercent: null },
      completedAt: null,
      resultUuid: null,
    };
    act(() => callbacks?.onSaved(saved));
    expect(current()).toBe('Part BIn progress');
  });

  it('opens a chosen item: the frame goes, the open SCO is saved, then the next one is read and launched', async () => {
    first = launchOf('A', items, 2);
    renderPlayer();
    await waitFor(() => expect(frame()).not.toBeNull());
    let answer: (value: ElearningExecution) => void = () => undefined;
    readItem.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const next = contents().querySelectorAll('button')[2] as HTMLButtonElement;
    next.focus();
    expect(document.activeElement).toBe(next);
    fireEvent.click(next);
    // The course frame is gone at once (its unload may still commit), and no second switch starts meanwhile.
    expect(frame()).toBeNull();
    await waitFor(() => expect(events).toEqual(['start A@2', 'flush A', 'read B']));
    fireEvent.click(screen.getByTestId('player-next'));
    expect(events).toHaveLength(3);
    await act(async () =>
      answer(launchOf('B', [item('A', true, 'passed'), item('V', false), item('B'), item('C')], 6)),
    );
    await waitFor(() => expect(frame()?.getAttribute('src')).toBe('/api/elearning/scorm/p/B.html'));
    expect(events).toEqual(['start A@2', 'flush A', 'read B', 'dispose A', 'start B@6']);
    // The table of contents is the server's again.
    expect(contents().querySelectorAll('button')[0]?.textContent).toBe('Part APassed');
    expect(current()).toBe('Part BNot started');
  });

  it('previous / next step through every item, assets too (no runtime for an asset)', async () => {
    first = launchOf('B', items);
    readItem.mockImplementation(async (_uuid, scoId) => launchOf(scoId, items));
    renderPlayer();
    await waitFor(() => expect(frame()).not.toBeNull());
    fireEvent.click(screen.getByTestId('player-previous'));
    await waitFor(() => expect(frame()?.getAttribute('src')).toBe('/api/elearning/scorm/p/V.html'));
    expect(events).toEqual(['start B@0', 'flush B', 'read V', 'dispose B']);
    expect(current()).toBe('Part V');
    fireEvent.click(screen.getByTestId('player-next'));
    await waitFor(() => expect(frame()?.getAttribute('src')).toBe('/api/elearning/scorm/p/B.html'));
    fireEvent.click(screen.getByTestId('player-next'));
    await waitFor(() => expect(frame()?.getAttribute('src')).toBe('/api/elearning/scorm/p/C.html'));
    expect((screen.getByTestId('player-next') as HTMLButtonElement).disabled).toBe(true);
  });

  it('follows a navigation request of the SCO (continue, choice)', async () => {
    first = launchOf('A', items);
    readItem.mockImplementation(async (_uuid, scoId) => launchOf(scoId, items));
    renderPlayer();
    await waitFor(() => expect(frame()).not.toBeNull());
    act(() => callbacks?.onNavigationRequest?.({ kind: 'next' } satisfies NavigationRequest));
    await waitFor(() => expect(frame()?.getAttribute('src')).toBe('/api/elearning/scorm/p/V.html'));
    // An asset has no runtime; back to a SCO, whose runtime asks for another by choice.
    fireEvent.click(screen.getByTestId('player-next'));
    await waitFor(() => expect(frame()?.getAttribute('src')).toBe('/api/elearning/scorm/p/B.html'));
    act(() => callbacks?.onNavigationRequest?.({ kind: 'choice', target: 'A' }));
    await waitFor(() => expect(frame()?.getAttribute('src')).toBe('/api/elearning/scorm/p/A.html'));
    act(() => callbacks?.onNavigationRequest?.({ kind: 'choice', target: 'UNKNOWN' }));
    expect(frame()).not.toBeNull();
  });

  it('an item that cannot be read: an alert with a retry, the progress stays saved', async () => {
    first = launchOf('A', items);
    readItem.mockRejectedValueOnce(new Error('offline'));
    readItem.mockImplementation(async (_uuid, scoId) => launchOf(scoId, items));
    renderPlayer();
    await waitFor(() => expect(frame()).not.toBeNull());
    fireEvent.click(contents().querySelectorAll('button')[3] as HTMLButtonElement);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(frame()?.getAttribute('src')).toBe('/api/elearning/scorm/p/C.html'));
    expect(events.filter((event) => event === 'read C')).toHaveLength(2);
  });
});
