import type { Page, WebSocketRoute } from '@playwright/test';
import { apiPost, expect, login, test } from '../fixtures';

// The AI chat (issue 13): the owner's widget and page against the real server and the built-in analyst.

const CHAT_SOCKET = /\/ws\/chat\/\d+\/\d+\/$/;

async function openWidget(page: Page) {
  await page.getByRole('button', { name: 'Open AI chat' }).click();
  return page.getByRole('region', { name: 'AI chat' });
}

async function ask(page: Page, text: string) {
  const input = page.getByRole('region', { name: 'AI chat' }).getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await input.press('Enter');
}

test.describe('the AI chat', () => {
  test('the owner asks a question in the widget, gets the answer and follows its record link', async ({ page }) => {
    await login(page, 'owner');
    const widget = await openWidget(page);
    // The fixed greeting opens a new chat.
    await expect(widget.getByText(/I'm your data assistant/)).toBeVisible();
    await expect(widget.getByRole('button', { name: 'Send message' })).toBeDisabled();

    await ask(page, 'How many placements for Cascade Cloud Systems this year?');
    const log = widget.getByRole('log', { name: 'Chat messages' });
    await expect(log.getByText('How many placements for Cascade Cloud Systems this year?')).toBeVisible();
    const link = log.getByRole('link', { name: 'Cascade Cloud Systems' }).first();
    await expect(link).toBeVisible({ timeout: 15_000 });
    await expect(log.getByText(/placements? in this year/)).toBeVisible();

    // The link is the app's own record page, opened by the router; the widget stays open beside it.
    await link.click();
    await expect(page).toHaveURL(/\/clients\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Cascade Cloud Systems' }).first()).toBeVisible();
    await expect(widget).toBeVisible();

    // The chat is listed on the page, with its conversation.
    await widget.getByRole('link', { name: 'Open the AI Chat page' }).click();
    await expect(page).toHaveURL(/\/ai-chat\?chat=\d+$/);
    const chats = page.getByRole('navigation', { name: 'Your chats' });
    await expect(chats.getByRole('link', { name: /How many placements for Cascade Cloud Systems/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(
      page.getByRole('log', { name: 'Chat messages' }).getByRole('link', { name: 'Cascade Cloud Systems' }).first(),
    ).toBeVisible();
  });

  test('an ambiguous client name gets a question back; the answer resumes the question', async ({ page }) => {
    await login(page, 'owner');
    // Two clients that "Acme" could mean (set-up shortcut through the API).
    for (const name of ['Acme Corporation', 'Acme Logistics']) {
      await apiPost(page, '/api/clients/', {
        name,
        client_type: 'finders_fee',
        state: 'Open',
        finders_fee_percent: 20,
        guarantee_days: 90,
      });
    }
    const widget = await openWidget(page);
    await ask(page, 'How much did Acme pay us this year?');
    await expect(widget.getByText('The assistant is waiting for your response')).toBeVisible({
      timeout: 15_000,
    });
    const log = widget.getByRole('log', { name: 'Chat messages' });
    await expect(log.getByText(/Acme Corporation/).last()).toBeVisible();
    await expect(log.getByText(/Acme Logistics/).last()).toBeVisible();

    await ask(page, 'Acme Logistics');
    await expect(widget.getByText('The assistant is waiting for your response')).toBeHidden({
      timeout: 15_000,
    });
    await expect(log.getByText(/revenue collected in this year/)).toBeVisible();
    await expect(log.getByRole('link', { name: 'Acme Logistics' }).first()).toHaveAttribute('href', /^\/clients\/\d+$/);
  });

  test('a message that arrives while the widget is minimized lights the unread dot', async ({ page }) => {
    // Pass the socket through, holding the server's answers until the widget is minimized.
    const held: string[] = [];
    let page_: WebSocketRoute | null = null;
    let holding = true;
    await page.routeWebSocket(CHAT_SOCKET, (ws) => {
      page_ = ws;
      const server = ws.connectToServer();
      ws.onMessage((message) => server.send(message));
      server.onMessage((message) => {
        const text = String(message);
        if (holding && /"type":"(agent_response|user_input_request)"/.test(text)) held.push(text);
        else ws.send(text);
      });
    });
    await login(page, 'owner');
    const widget = await openWidget(page);
    await ask(page, 'How many open roles do we have?');
    await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0);

    await widget.getByRole('button', { name: 'Minimize AI chat' }).click();
    await expect(widget).toBeHidden();
    const restore = page.getByRole('button', { name: 'Restore AI chat' });
    await expect(restore.getByRole('img', { name: 'Unread message' })).toHaveCount(0);
    holding = false;
    for (const message of held.splice(0)) page_!.send(message);
    await expect(restore.getByRole('img', { name: 'Unread message' })).toBeVisible();

    await restore.click();
    await expect(
      page.getByRole('region', { name: 'AI chat' }).getByRole('log', { name: 'Chat messages' }),
    ).toContainText(/roles?/);
    await expect(page.getByRole('img', { name: 'Unread message' })).toHaveCount(0);
  });

  test('a server that never answers the socket gives "Connection timeout" after 10 s', async ({ page }) => {
    test.setTimeout(60_000);
    // The handler never finishes: the page's socket stays connecting.
    await page.routeWebSocket(CHAT_SOCKET, () => new Promise<void>(() => {}));
    await login(page, 'owner');
    const widget = await openWidget(page);
    await ask(page, 'How many open roles do we have?');
    await expect(widget.getByText('Connecting…').first()).toBeVisible();
    await expect(widget.getByRole('alert')).toHaveText(/Connection timeout/, { timeout: 25_000 });
    await expect(widget.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await expect(widget.getByRole('button', { name: 'Reconnect' })).toBeVisible();
  });

  test('a recruiter sees neither the widget nor the page', async ({ page }) => {
    await login(page, 'recruiter');
    // The shell's lazy parts have arrived, and still no chat button.
    await expect(page.getByRole('button', { name: 'Open user menu' }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: 'Open AI chat' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'AI Chat' })).toHaveCount(
      0,
    );
    // Told so, where they asked (issue 29 item p), not sent to the dashboard without a word.
    await page.goto('/ai-chat');
    await expect(page).toHaveURL(/\/ai-chat$/);
    await expect(page.getByRole('alert')).toContainText('You do not have access to this page.');
    await expect(page.getByRole('button', { name: 'Open AI chat' })).toHaveCount(0);
  });
});
