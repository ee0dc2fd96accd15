// One JSON call of a bench to the service it started: a failed answer stops the bench with its
// status and text, since every figure after it would be of the wrong thing.
export async function benchApi<T>(url: string, token: string, method: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}/api/v1${p}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}
