import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { pdfText } from './elearning-player-pdf';
import { apiSession, expectNoSeriousAxeViolations, signIn, switchLanguage } from './helpers';

/**
 * Instruction records as people use them: an administrator records an on-site instruction for the first-aiders, a
 * member present signs on the administrator's device (the pad, drawn with the mouse), the record downloads as PDF
 * with the signature; the member signs the seeded fire-safety instruction on his own device.
 */

async function drawSignature(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await expect(pad).toBeVisible();
  // The pad loads with the dialog: wait until it took the canvas over (it sizes it to the screen's pixels).
  await expect
    .poll(() => pad.evaluate((canvas: HTMLCanvasElement) => canvas.width === canvas.offsetWidth * devicePixelRatio))
    .toBe(true);
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  const strokes = [
    [0.1, 0.6, 0.3, 0.3, 0.45, 0.7],
    [0.5, 0.4, 0.7, 0.65, 0.9, 0.35],
  ];
  for (const [x1, y1, x2, y2, x3, y3] of strokes as Array<[number, number, number, number, number, number]>) {
    await page.mouse.move(box.x + box.width * x1, box.y + box.height * y1);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * x2, box.y + box.height * y2, { steps: 12 });
    await page.mouse.move(box.x + box.width * x3, box.y + box.height * y3, { steps: 12 });
    await page.mouse.up();
  }
}

test.describe
  .serial('instruction records', () => {
    const title = `Erste-Hilfe-Unterweisung ${Date.now()}`;

    test('an administrator records an instruction, a member signs on his device, the PDF downloads', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page, 'acme', 'admin');
      const sidebar = page.getByRole('navigation', { name: 'Hauptnavigation' });
      await sidebar.getByRole('button', { name: 'E-Learnings' }).click();
      await sidebar.getByRole('link', { name: 'Unterweisungen', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Unterweisungen' })).toBeVisible();
      // The seeded instructions are listed with their signatures.
      await expect(page.getByRole('link', { name: 'Brandschutzunterweisung' })).toBeVisible();
      await expectNoSeriousAxeViolations(page, 'instruction list');
      await page.screenshot({ path: '/tmp/instructions-list-de.png', fullPage: true });

      await page.getByTestId('instruction-create-link').click();
      await page.getByLabel('Thema').fill(title);
      await page.getByLabel('Teilnehmerkreis').selectOption('member-group');
      await page.getByLabel('Gruppe', { exact: true }).selectOption({ label: 'Ersthelfer (3 Mitarbeiter)' });
      await expectNoSeriousAxeViolations(page, 'instruction form');
      await page.screenshot({ path: '/tmp/instructions-create-de.png', fullPage: true });
      await page.getByTestId('instruction-create-submit').click();

      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByTestId('instruction-signed-count')).toHaveText('0 von 3 unterschrieben');
      const signButtons = page.getByTestId('instruction-sign');
      await expect(signButtons).toHaveCount(3);
      // Nobody has signed yet: a record made by mistake could still be deleted.
      await expect(page.getByTestId('instruction-delete')).toBeVisible();

      await signButtons.first().click();
      const dialog = page.getByTestId('signature-dialog');
      await expect(dialog).toBeVisible();
      // Nothing drawn yet: nothing to save.
      await expect(page.getByTestId('signature-save')).toBeDisabled();
      await drawSignature(page);
      await expectNoSeriousAxeViolations(page, 'signature dialog', '[data-testid=signature-dialog]');
      await page.screenshot({ path: '/tmp/instructions-sign-de.png' });
      const signed = page.waitForResponse((response) => response.url().endsWith('/api/instruction/sign-for-member'));
      await page.getByTestId('signature-save').click();
      const response = await signed;
      expect(response.status()).toBe(200);
      // The drawing goes as a small PNG, scaled to 600 pixels wide whatever the screen's density.
      const png = Buffer.from(
        (response.request().postDataJSON() as { signaturePng: string }).signaturePng.split(',')[1] ?? '',
        'base64',
      );
      expect(png.readUInt32BE(16)).toBe(600);
      expect(png.length).toBeLessThan(40_000);
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('instruction-signed-count')).toHaveText('1 von 3 unterschrieben');
      await expect(signButtons).toHaveCount(2);
      // Signed: the record is evidence and stays.
      await expect(page.getByTestId('instruction-delete')).toHaveCount(0);
      await expect(page.getByTestId('instruction-due-state').filter({ hasText: 'Erledigt' })).toHaveCount(1);
      await expectNoSeriousAxeViolations(page, 'instruction details');
      await page.screenshot({ path: '/tmp/instructions-details-de.png', fullPage: true });

      const download = page.waitForEvent('download');
      await page.getByTestId('instruction-pdf').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.pdf$/);
      const bytes = readFileSync((await file.path()) ?? '');
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(bytes);
      expect(text).toContain('Unterweisungsnachweis');
      expect(text).toContain(title);
      // The drawn signature is in the record as an image (with its transparency mask).
      expect(bytes.toString('latin1')).toContain('/Subtype /Image');

      await switchLanguage(page, 'en_GB');
      await expect(page.getByTestId('instruction-signed-count')).toHaveText('1 of 3 signed');
      await page.screenshot({ path: '/tmp/instructions-details-en.png', fullPage: true });
      await switchLanguage(page, 'de_DE');
    });

    test('a first-aider who joined the group since is taken in and signs at his catch-up', async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      const admin = await apiSession(baseURL ?? '', 'acme', 'admin');
      let joiner = '';
      let group = '';
      try {
        const groups = await admin.post<{ items: Array<{ uuid: string; name: string }> }>(
          '/api/member-group/read-list',
          {
            filter: { search: 'Ersthelfer' },
          },
        );
        group = groups.items.find((item) => item.name === 'Ersthelfer')?.uuid ?? '';
        const inGroup = await admin.post<{ items: Array<{ uuid: string }> }>('/api/member-group/read-member-list', {
          uuid: group,
          perPage: 100,
        });
        const everyone = await admin.post<{ items: Array<{ uuid: string; username: string }> }>(
          '/api/memberlist/getlist',
          { perPage: 50 },
        );
        // A colleague from the staff, not one of the demo's sign-in accounts (other tests count their tasks).
        const accounts = ['super.admin', 'admin', 'ou.admin', 'loc.admin', 'member'];
        joiner =
          everyone.items.find(
            (item) => !accounts.includes(item.username) && !inGroup.items.some((member) => member.uuid === item.uuid),
          )?.uuid ?? '';
        await admin.post('/api/member-group/assign-members', { uuid: group, memberUuids: [joiner] });

        await signIn(page, 'acme', 'admin');
        await page.goto('/dashboard/apps/elearnings/instructions/list');
        await page.getByRole('link', { name: title }).click();
        const notice = page.getByTestId('instruction-joiners');
        await expect(notice).toContainText('Seit der Unterweisung ist 1 Mitarbeiter zu „Ersthelfer“ hinzugekommen');
        await page.screenshot({ path: '/tmp/instructions-joiners-de.png', fullPage: true });
        await notice.getByRole('button', { name: 'Neuen Mitarbeiter aufnehmen' }).click();
        const confirm = page.getByTestId('instruction-joiners-modal');
        await expect(confirm).toContainText('unterschreibt, sobald er nachunterwiesen ist');
        await expectNoSeriousAxeViolations(page, 'joiners dialog', '[data-testid=instruction-joiners-modal]');
        await confirm.getByRole('button', { name: 'Aufnehmen' }).click();
        await expect(page.getByText('Ein Mitarbeiter wurde aufgenommen.')).toBeVisible();
        await expect(page.getByTestId('instruction-signed-count')).toHaveText('1 von 4 unterschrieben');
        await expect(notice).toHaveCount(0);
        await expect(page.getByTestId('instruction-sign')).toHaveCount(3);
      } finally {
        // The group as the demo has it: the other tests count its three members.
        if (joiner) await admin.post('/api/member-group/remove-members', { uuid: group, memberUuids: [joiner] });
        await admin.dispose();
      }
    });

    test('an instruction recorded for the wrong group is deleted before anybody signs', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page, 'acme', 'admin');
      const mistaken = `Leiterunterweisung ${Date.now()}`;
      await page.goto('/dashboard/apps/elearnings/instructions/create');
      await page.getByLabel('Thema').fill(mistaken);
      await page.getByLabel('Teilnehmerkreis').selectOption('member-group');
      await page.getByLabel('Gruppe', { exact: true }).selectOption({ label: 'Ersthelfer (3 Mitarbeiter)' });
      await page.getByTestId('instruction-create-submit').click();
      await expect(page.getByRole('heading', { level: 1, name: mistaken })).toBeVisible();

      await page.getByTestId('instruction-delete').click();
      const confirm = page.getByTestId('instruction-delete-modal');
      await expect(confirm).toContainText('mit den Aufgaben von 3 Mitarbeitern löschen?');
      await expectNoSeriousAxeViolations(page, 'delete instruction dialog', '[data-testid=instruction-delete-modal]');
      await page.screenshot({ path: '/tmp/instructions-delete-de.png' });
      await confirm.getByRole('button', { name: 'Endgültig löschen' }).click();
      await expect(page.getByText('Die Unterweisung wurde gelöscht.')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Unterweisungen' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Brandschutzunterweisung' })).toBeVisible();
      // Looked for by its title, it is gone.
      await page.getByRole('searchbox').fill(mistaken);
      await expect(page.getByText('Noch keine Unterweisungen erfasst.')).toBeVisible();
      await expect(page.getByRole('link', { name: mistaken })).toHaveCount(0);
    });

    test('an ou-admin records an instruction for a unit he administers, and only for those', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page, 'acme', 'ou.admin');
      await page.goto('/dashboard/apps/elearnings/instructions/create');
      await expect(page.getByRole('heading', { level: 1, name: 'Unterweisung erfassen' })).toBeVisible();
      const targetType = page.getByLabel('Teilnehmerkreis');
      await expect(targetType.locator('option')).toHaveText(['Organisationseinheit']);
      const unit = page.getByLabel('Organisationseinheit', { exact: true });
      // Produktion and Logistik: the units he administers, nothing else.
      await expect(unit.locator('option:not([value=""])')).toHaveCount(2);
      await page.getByLabel('Thema').fill(`Maschinenunterweisung ${Date.now()}`);
      await unit.selectOption({ index: 1 });
      await page.getByTestId('instruction-create-submit').click();
      await expect(page.getByTestId('instruction-facts')).toContainText('(Organisationseinheit)');
    });

    test('a loc-admin records an instruction for the location he is responsible for, and only for it', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page, 'acme', 'loc.admin');
      const sidebar = page.getByRole('navigation', { name: 'Hauptnavigation' });
      await sidebar.getByRole('button', { name: 'E-Learnings' }).click();
      await sidebar.getByRole('link', { name: 'Unterweisungen', exact: true }).click();
      await page.getByTestId('instruction-create-link').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Unterweisung erfassen' })).toBeVisible();
      await expect(page.getByLabel('Teilnehmerkreis').locator('option')).toHaveText(['Standort']);
      const location = page.getByLabel('Standort', { exact: true });
      // Büro Wien, his one location; no e-learning to name (he does not read the catalogue).
      await expect(location.locator('option:not([value=""])')).toHaveCount(1);
      await expect(location.locator('option:not([value=""])')).toContainText('Büro Wien');
      await expect(page.getByLabel('E-Learning, das als Unterweisung zählt')).toHaveCount(0);
      await page.getByLabel('Thema').fill(`Standortunterweisung Wien ${Date.now()}`);
      await location.selectOption({ index: 1 });
      await page.getByTestId('instruction-create-submit').click();
      await expect(page.getByTestId('instruction-facts')).toContainText('Büro Wien (Standort)');
      await expect(page.getByTestId('instruction-sign').first()).toBeVisible();
    });

    test('a member signs his own open instruction on his device', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page, 'acme', 'member');
      // The start page names the instruction due within a month and leads to it.
      const due = page.getByTestId('my-instructions');
      await expect(due).toContainText('Meine Unterweisungen:');
      await expect(due).toContainText('im nächsten Monat fällig');
      await page.screenshot({ path: '/tmp/instructions-start-de.png', fullPage: true });
      await due.getByRole('link', { name: 'Öffnen' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Meine Unterweisungen' })).toBeVisible();
      const sidebar = page.getByRole('navigation', { name: 'Hauptnavigation' });
      await expect(sidebar.getByRole('link', { name: 'Meine Unterweisungen' })).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: 'Brandschutzunterweisung' });
      await expect(row.getByTestId('instruction-due-state')).toHaveText('Offen');
      await expectNoSeriousAxeViolations(page, 'my instructions');
      await page.screenshot({ path: '/tmp/instructions-my-de.png', fullPage: true });
      await row.getByTestId('my-instruction-sign').click();
      await drawSignature(page);
      await page.getByTestId('signature-save').click();
      await expect(page.getByTestId('signature-dialog')).toBeHidden();
      await expect(row.getByTestId('instruction-due-state')).toHaveText('Erledigt');
      await switchLanguage(page, 'en_GB');
      await expect(page.getByRole('heading', { level: 1, name: 'My instructions' })).toBeVisible();
      await page.screenshot({ path: '/tmp/instructions-my-en.png', fullPage: true });
      await switchLanguage(page, 'de_DE');
    });

    test('an e-learning counts as the instruction: who completed it is confirmed without signing', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page, 'acme', 'admin');
      await page.goto('/dashboard/apps/elearnings/instructions/create');
      await page.getByLabel('Thema').fill(`Brandschutzunterweisung Betrieb ${Date.now()}`);
      await page.getByLabel('Teilnehmerkreis').selectOption('org-unit');
      // The whole company: everybody has the fire-safety course, many completed it this year (demo data).
      const unit = page.getByLabel('Organisationseinheit', { exact: true });
      const company = unit.locator('option', { hasText: 'ACME Sicherheit GmbH (' });
      await expect(company).toHaveCount(1);
      await unit.selectOption((await company.getAttribute('value')) ?? '');
      await page.getByLabel('E-Learning, das als Unterweisung zählt').selectOption({ label: 'Brandschutz Grundlagen' });
      await expectNoSeriousAxeViolations(page, 'instruction form with an e-learning');
      await page.getByTestId('instruction-create-submit').click();
      await expect(page.getByTestId('instruction-elearning')).toContainText('„Brandschutz Grundlagen“');
      // Those who completed the course this year are confirmed by it; nobody signed yet.
      await expect(page.getByTestId('instruction-signed-count')).toHaveText(/^[1-9]\d* von \d+ unterschrieben$/);
      await expect(page.getByText('per E-Learning').first()).toBeVisible();
      await page.screenshot({ path: '/tmp/instructions-elearning-de.png', fullPage: true });
    });
  });
