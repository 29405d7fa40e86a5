import { expect, login, test } from '../fixtures';

test.describe('paging every list (issue 16 item 11)', () => {
  test('candidates: Next, rows per page, jump past the end, and Back returns to each previous page', async ({
    page,
  }) => {
    await login(page, 'recruiter');
    await page.goto('/candidates');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    const status = pager.getByText(/^Showing/);
    const box = pager.getByLabel('Page', { exact: true });
    await expect(status).toHaveText(/^Showing 1–10 of [\d,]+ candidates$/);
    const total = Number((await status.textContent())!.match(/of ([\d,]+)/)![1]!.replace(/,/g, ''));
    expect(total).toBeGreaterThan(100);
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/candidates\?page=2$/);
    await expect(status).toHaveText(`Showing 11–20 of ${total.toLocaleString('en-US')} candidates`);
    // The first page's rows stay on screen (the table busy) until the second page arrives.
    await expect(page.getByRole('table', { name: 'Candidates' })).not.toHaveAttribute('aria-busy', 'true');
    const secondPageFirst = await page
      .getByRole('table', { name: 'Candidates' })
      .getByRole('link')
      .first()
      .textContent();

    await pager.getByLabel('Rows per page').selectOption('25');
    await expect(page).toHaveURL(/\/candidates\?page_size=25$/);
    await expect(status).toHaveText(`Showing 1–25 of ${total.toLocaleString('en-US')} candidates`);
    await expect(page.getByRole('table', { name: 'Candidates' }).getByRole('row')).toHaveCount(26);

    const last = Math.ceil(total / 25);
    await box.fill('999');
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`page=${last}$`));
    await expect(box).toHaveValue(String(last));
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(status).toHaveText(
      new RegExp(`^Showing ${((last - 1) * 25 + 1).toLocaleString('en-US')}–${total.toLocaleString('en-US')} of`),
    );
    await page.screenshot({ path: '/tmp/e-shots/paging-last-page.png', fullPage: true });

    await page.goBack();
    await expect(page).toHaveURL(/\/candidates\?page_size=25$/);
    await expect(status).toHaveText(`Showing 1–25 of ${total.toLocaleString('en-US')} candidates`);
    await page.goBack();
    await expect(page).toHaveURL(/\/candidates\?page=2$/);
    await expect(box).toHaveValue('2');
    await expect(page.getByRole('table', { name: 'Candidates' }).getByRole('link').first()).toHaveText(
      secondPageFirst!,
    );
  });

  test('an address past the last page shows the last page, and Back from a filter restores the list', async ({
    page,
  }) => {
    await login(page, 'owner');
    await page.goto('/clients?page_size=10&page=999');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    const box = pager.getByLabel('Page', { exact: true });
    await expect(page).not.toHaveURL(/page=999/);
    await expect(page).toHaveURL(/\/clients\?page_size=10&page=\d+$/);
    const last = Number(new URL(page.url()).searchParams.get('page'));
    expect(last).toBeGreaterThan(1);
    expect(last).toBeLessThan(999);
    await expect(box).toHaveValue(String(last));
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(pager.getByText(`of ${last}`, { exact: true })).toBeVisible();

    await page.getByLabel('State').selectOption('Open');
    await expect(page).toHaveURL(/\/clients\?page_size=10&state=Open$/);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/clients\\?page_size=10&page=${last}$`));
    await expect(box).toHaveValue(String(last));
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.mouse.move(0, 0);
    await page.screenshot({ path: '/tmp/e-shots/paging-clients-dark.png', fullPage: true });
  });
});
