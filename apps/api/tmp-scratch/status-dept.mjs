import { startHeed, signIn, timeRequests, ms } from '../../../bench/lib/server.mjs';
const url = process.argv[2];
const heed = await startHeed({ DATABASE_URL: url, WORKER: 'off' });
try {
  const session = await signIn(heed.url, 'admin', 'heed-admin-demo');
  const companies = await (await fetch(`${heed.url}/api/v3/companies?name=Load%20Test%20Co`, { headers: session })).json();
  const company = companies.data.find((c) => c.name === 'Load Test Co');
  const headers = { ...session, 'x-company-id': String(company.id) };
  const departments = (await (await fetch(`${heed.url}/api/v3/departments`, { headers })).json()).data;
  const root = departments.find((d) => d.parent_id === null);
  const leaf = departments.find((d) => d.parent_id !== null);
  for (const [label, q] of [
    ['status sort, subtree root', { sort: 'status', 'field[department_id]': String(root.id) }],
    ['status sort, subtree root p200', { sort: 'status', 'field[department_id]': String(root.id), page: '200' }],
    ['status sort, one dept', { sort: 'status', 'field[department_id]': String(leaf.id) }],
    ['status sort, one dept p200', { sort: 'status', 'field[department_id]': String(leaf.id), page: '200' }],
    ['status sort, course p200', { sort: 'status', 'field[course_id]': '15', page: '200' }],

    ['past the end', { sort: 'status', page: '999999' }],
  ]) {
    const path = `/api/v3/assignments?${new URLSearchParams({ per_page: '25', ...q })}`;
    const t = await timeRequests(heed.url, headers, 5, () => path);
    const body = JSON.parse(t.last);
    console.log(label.padEnd(34), ms(t.p50), ms(t.p95), body.meta?.total ?? JSON.stringify(body).slice(0, 120), body.data?.length);
  }
} finally { await heed.stop(); }
