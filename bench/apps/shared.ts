/** What every minimal app needs from the outside: the service base address and an API key. */
export const BASE = 'https://api.example.test';
export const API_KEY = 'key';
export const PENTESTS_QUERY = 'query Pentests($page_size: Int) { pentests_page(page_input: { page_size: $page_size }) { pentests { op_id name } } }';

export interface PentestsData {
  pentests_page: { pentests: { op_id: string; name: string }[] };
}

export async function fetchToken(): Promise<string> {
  const response = await fetch(`${BASE}/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: API_KEY }),
  });
  const { token } = (await response.json()) as { token: string };
  return token;
}

export function rootElement(): HTMLElement {
  const element = document.getElementById('root');
  if (element === null) throw new Error('no #root');
  return element;
}
