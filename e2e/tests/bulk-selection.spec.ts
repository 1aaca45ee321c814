import { expect, type Page, test } from '@playwright/test';
import { memberCreateBody } from '../../server/test/memberBody';
import { type ApiSession, apiSession, expectNoSeriousAxeViolations, openSignedIn, switchLanguage } from './helpers';

/**
 * "All N matching the filter": the member list filtered to one org unit and a name, the page selected, then every
 * matching member archived by the server in one bulk call; the members outside the filter stay as they were.
 */

interface Texts {
  language: 'de_DE' | 'en_GB';
  search: string;
  orgUnit: string;
  selectPage: string;
  pageSelected: string;
  selectAll: (total: number) => string;
  allSelected: (total: number) => string;
  selected: (count: number) => string;
  onlyPage: string;
  archiveTitle: (count: number) => string;
  archiveCovers: (count: number) => string;
  confirm: string;
  archived: (count: number) => string;
  empty: string;
  active: string;
}

const GERMAN: Texts = {
  language: 'de_DE',
  search: 'Suche',
  orgUnit: 'Organisationseinheit',
  selectPage: 'Alle Zeilen dieser Seite auswählen',
  pageSelected: 'Alle 25 Einträge dieser Seite sind ausgewählt.',
  selectAll: (total) => `Alle ${total} Einträge auswählen, die dem Filter entsprechen`,
  allSelected: (total) => `Alle ${total} Einträge, die dem Filter entsprechen, sind ausgewählt.`,
  selected: (count) => `${count} ausgewählt`,
  onlyPage: 'Nur diese Seite auswählen',
  archiveTitle: (count) => `${count} Mitarbeiter archivieren`,
  archiveCovers: (count) => `Betroffen sind alle ${count} Mitarbeiter der Liste mit ihrem aktuellen Filter.`,
  confirm: 'Archivieren',
  archived: (count) => `${count} Mitarbeiter wurden archiviert.`,
  empty: 'Keine Mitarbeiter gefunden.',
  active: 'Aktiv',
};

const ENGLISH: Texts = {
  language: 'en_GB',
  search: 'Search',
  orgUnit: 'Org unit',
  selectPage: 'Select all rows on this page',
  pageSelected: 'All 25 entries on this page are selected.',
  selectAll: (total) => `Select all ${total} matching the filter`,
  allSelected: (total) => `All ${total} entries matching the filter are selected.`,
  selected: (count) => `${count} selected`,
  onlyPage: 'Select only this page',
  archiveTitle: (count) => `Archive ${count} members`,
  archiveCovers: (count) => `This covers all ${count} members of the list as currently filtered.`,
  confirm: 'Archive',
  archived: (count) => `${count} members have been archived.`,
  empty: 'No members found.',
  active: 'Active',
};

/** More than a page in the filtered unit, a few of the same name in another unit. */
const IN_FILTER = 30;
const OUTSIDE = 4;

async function orgUnitUuid(admin: ApiSession, name: string): Promise<string> {
  const units = await admin.post<{ items: { uuid: string; orgUnitName: string }[] }>('/api/org-unit/org-unit-list', {});
  const unit = units.items.find((candidate) => candidate.orgUnitName === name);
  if (!unit) throw new Error(`no org unit ${name}`);
  return unit.uuid;
}

async function addMembers(admin: ApiSession, marker: string, count: number, orgUnit: string, from: number) {
  for (let index = from; index < from + count; index += 1) {
    await admin.post(
      '/api/member/createmember',
      memberCreateBody({
        firstName: 'Greta',
        lastName: `${marker} ${String(index).padStart(2, '0')}`,
        email: null,
        username: `${marker.toLowerCase()}.${index}`,
        gender: 'f',
        createElearningTasks: false,
        createRiskAssessmentTasks: false,
        orgUnitUuids: [orgUnit],
      }),
    );
  }
}

async function archiveAllMatching(page: Page, texts: Texts, marker: string, logistics: string) {
  await page.goto('/dashboard/company/members/list');
  // Filter as a person does: a name, then an org unit.
  await page.getByLabel(texts.search, { exact: true }).fill(marker);
  await page.getByLabel(texts.orgUnit, { exact: true }).selectOption(logistics);
  await expect(page.getByTestId('table-range')).toContainText(`${IN_FILTER}`);
  await expect(page.getByRole('row', { name: new RegExp(`${marker} 01`) })).toBeVisible();

  const bar = page.getByTestId('table-all-matching');
  // The live region is there before it has anything to say, so that what appears in it is announced.
  await expect(bar).toHaveAttribute('aria-live', 'polite');
  await expect(bar).toBeEmpty();
  await page.getByRole('checkbox', { name: texts.selectPage }).check();
  await expect(bar).toContainText(texts.pageSelected);
  await expect(page.getByTestId('table-selected')).toHaveText(texts.selected(25));
  await page.screenshot({ path: `test-results/bulk-offer-${texts.language}.png` });

  // Keyboard: the offer is a button; Enter chooses it and the focus stays on it as it turns into "only this page".
  const offer = bar.getByRole('button', { name: texts.selectAll(IN_FILTER) });
  await offer.focus();
  await page.keyboard.press('Enter');
  await expect(bar).toContainText(texts.allSelected(IN_FILTER));
  await expect(page.locator(':focus')).toHaveText(texts.onlyPage);
  await expect(page.getByTestId('table-selected')).toHaveText(texts.selected(IN_FILTER));
  // The CSV export works on the rows in the browser: off while the selection is the filter.
  await expect(page.getByTestId('bulk-export')).toBeDisabled();
  await expectNoSeriousAxeViolations(page, `bar ${texts.language}`, '.ui-table');
  await page.screenshot({ path: `test-results/bulk-all-matching-${texts.language}.png` });

  await page.getByTestId('bulk-archive').click();
  const dialog = page.getByTestId('archive-members-dialog');
  await expect(dialog).toContainText(texts.archiveTitle(IN_FILTER));
  await expect(dialog).toContainText(texts.archiveCovers(IN_FILTER));
  await expectNoSeriousAxeViolations(page, `dialog ${texts.language}`, '[data-testid=archive-members-dialog]');
  await page.screenshot({ path: `test-results/bulk-all-matching-dialog-${texts.language}.png` });
  await dialog.getByRole('button', { name: texts.confirm, exact: true }).click();
  await expect(page.getByTestId('toast-success')).toContainText(texts.archived(IN_FILTER));
  await expect(page.getByText(texts.empty)).toBeVisible();

  // Without the org unit filter: the namesakes of the other unit, still there and active.
  await page.getByLabel(texts.orgUnit, { exact: true }).selectOption('');
  await expect(page.getByTestId('table-range')).toContainText(`${OUTSIDE}`);
  const rows = page.locator('.ui-table tbody tr');
  await expect(rows).toHaveCount(OUTSIDE);
  for (let index = 0; index < OUTSIDE; index += 1) {
    await expect(rows.nth(index)).toContainText(`${marker} ${IN_FILTER + 1 + index}`);
    await expect(rows.nth(index).locator('[data-column=status]')).toHaveText(texts.active);
  }
}

for (const texts of [GERMAN, ENGLISH]) {
  test(`select all members matching the filter and archive them in one call (${texts.language})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const marker = `Sammelaktion${texts.language === 'de_DE' ? 'De' : 'En'}${Date.now().toString().slice(-6)}`;
    const admin = await apiSession(baseURL ?? '', 'acme', 'admin');
    try {
      const logistics = await orgUnitUuid(admin, 'Logistik');
      await addMembers(admin, marker, IN_FILTER, logistics, 1);
      // The namesakes outside are numbered 31-34, after the 30 inside.
      await addMembers(admin, marker, OUTSIDE, await orgUnitUuid(admin, 'Vertrieb'), IN_FILTER + 1);
      await openSignedIn(page, 'acme', 'admin');
      await switchLanguage(page, texts.language);
      await archiveAllMatching(page, texts, marker, logistics);

      // The server agrees: exactly the filtered unit's members archived.
      const active = await admin.post<{ total: number }>('/api/memberlist/getlist', { filter: { search: marker } });
      expect(active.total).toBe(OUTSIDE);
      const archived = await admin.post<{ total: number }>('/api/archivedmember/list', { filter: { search: marker } });
      expect(archived.total).toBe(IN_FILTER);
    } finally {
      await switchLanguage(page, 'de_DE').catch(() => undefined);
      // The member list's other browser tests count the demo members: this test's own go for good.
      await admin.post('/api/memberlist/archivemember', { filter: { search: marker } });
      await admin.post('/api/archivedmember/deletemember', { filter: { search: marker } });
      await admin.dispose();
    }
  });
}
