import { describe, expect, it } from 'vitest';
import { anImport } from '../test/import-fixtures.tsx';
import { departmentPaths, formatBytes } from './format.ts';
import { currentStep } from './import-steps.ts';
import { IGNORE, mappingProblems, serverMappingErrors, targetGroups } from './mapping-targets.ts';

describe('import model', () => {
  it('offers ignore, the user fields and the custom fields as targets', () => {
    const groups = targetGroups([{ key: 'badge', label: 'Badge' }]);
    expect(groups.map((g) => g.group)).toEqual(['Skip', 'User fields', 'Custom fields']);
    expect(groups[0]!.items).toEqual([{ value: IGNORE, label: 'Ignore this column' }]);
    expect(groups[1]!.items.map((i) => i.label)).toContain('Department');
    expect(groups[2]!.items).toEqual([{ value: 'cf.badge', label: 'Badge' }]);
  });

  it('finds a field mapped twice and a missing identifier, as the server does', () => {
    expect(mappingProblems(['username', 'email', null])).toEqual({ columns: {}, general: null });
    expect(mappingProblems(['first_name', 'first_name', null])).toEqual({
      columns: { 1: 'Column 1 is already mapped to this field.' },
      general: 'Map a column to Username or E-mail.',
    });
    expect(
      serverMappingErrors({ 'mapping.2': ['Unknown field.'], mapping: ['Map a column to Username or E-mail.'] }),
    ).toEqual({
      columns: { 2: 'Unknown field.' },
      general: 'Map a column to Username or E-mail.',
    });
  });

  it('opens the step where the import stands, or the one asked for while it may still change', () => {
    expect(currentStep(undefined, 'options')).toBe('upload');
    expect(currentStep(anImport(), null)).toBe('mapping');
    expect(currentStep(anImport(), 'options')).toBe('options');
    expect(currentStep(anImport({ status: 'validated' }), null)).toBe('check');
    expect(currentStep(anImport({ status: 'running', started_at: '2026-03-02T09:00:00.000Z' }), 'mapping')).toBe(
      'import',
    );
  });

  it('formats sizes and department paths', () => {
    expect([0, 2048, 50 * 1024 * 1024, 1.5 * 1024 * 1024].map(formatBytes)).toEqual(['0 B', '2 KB', '50 MB', '1.5 MB']);
    const paths = departmentPaths([
      { id: 1, name: 'Sales', path: '/1/' },
      { id: 2, name: 'EMEA', path: '/1/2/' },
    ]);
    expect(paths.get(2)).toBe('Sales / EMEA');
  });
});
