import { COURSE_MESSAGES } from '@heed/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../components/list-page/testing.tsx';
import { CATEGORIES, mockCoursesApi, renderCourses } from './courses-fixtures.tsx';

const PAGE_TEST_TIMEOUT_MS = 60_000;

async function openCategories() {
  await screen.findByText('1–3 of 3 courses');
  await userEvent.click(screen.getByRole('button', { name: 'Categories' }));
  return screen.findByRole('tree', { name: 'Course categories' });
}

async function act(category: string, action: string) {
  await userEvent.click(screen.getByRole('button', { name: `Actions for ${category}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}

describe('the course categories', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('shows the tree under the System Root and adds a sub-category where it was asked for', async () => {
    const api = mockCoursesApi({
      total: 3,
      write: (call) =>
        call.method === 'POST' && call.path === CATEGORIES
          ? json({ data: { id: 9, name: 'Anti-fraud', parent_id: 1, created_at: '2026-01-01T00:00:00.000Z' } }, 201)
          : undefined,
    });
    renderCourses('/settings/courses');
    const tree = await openCategories();
    const levels = within(tree)
      .getAllByRole('treeitem')
      .map((item) => `${item.getAttribute('aria-level')} ${item.getAttribute('aria-label')}`);
    expect(levels).toEqual(['1 System Root', '2 Compliance', '3 Financial Crime', '2 Safety']);
    // The System Root is no category: it cannot be dragged, renamed or deleted.
    expect(within(tree).getByRole('treeitem', { name: 'System Root' })).not.toHaveAttribute('draggable');
    expect(screen.queryByRole('button', { name: 'Actions for System Root' })).toBeNull();

    await act('Compliance', 'Add sub-category');
    expect(await screen.findByText('It is added under Compliance.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Enter a name.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Category name' }), 'Anti-fraud');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.callsTo('POST', CATEGORIES)).toHaveLength(1));
    expect(api.callsTo('POST', CATEGORIES)[0]!.body).toEqual({ name: 'Anti-fraud', parent_id: 1 });
    expect(await screen.findByText('Anti-fraud added to Compliance.')).toBeInTheDocument();
  });

  it("shows the server's refusal to delete a category that still holds courses, and offers only valid parents to move to", async () => {
    const refusal = COURSE_MESSAGES.categoryHasCourses(2);
    mockCoursesApi({
      total: 3,
      write: (call) =>
        call.method === 'DELETE' ? json({ error: { message: refusal, details: { id: [refusal] } } }, 422) : undefined,
    });
    renderCourses('/settings/courses');
    await openCategories();

    await act('Safety', 'Delete');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await act('Compliance', 'Move to…');
    const parents = await screen.findByRole('tree', { name: 'New parent category' });
    // Not into itself nor below itself: only Safety is left.
    expect(
      within(parents)
        .getAllByRole('treeitem')
        .map((item) => item.textContent),
    ).toEqual(['Safety']);
    expect(screen.getByRole('button', { name: 'Move to the top level' })).toBeDisabled();
  });
});
