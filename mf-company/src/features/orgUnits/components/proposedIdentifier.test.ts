// @vitest-environment jsdom
import { orgUnitId } from '@dash/shared-core';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { proposeIdentifier, useProposedIdentifier } from './proposedIdentifier';

describe('the proposed org unit ID', () => {
  it('comes from the name by the rule for generated identifiers, and passes the org unit ID rule', () => {
    expect(proposeIdentifier('Qualitätssicherung Süd', 0)).toBe('qualitaetssicherung-sued-1000');
    expect(proposeIdentifier('Lager & Versand', 0.5)).toBe('lager-versand-5500');
    expect(orgUnitId(proposeIdentifier('Größe / Maß', 0.25))).toBeNull();
    expect(proposeIdentifier('  ', 0.5)).toBe('');
  });

  it('follows the name with one suffix until an ID is typed by hand; clearing it hands it back', () => {
    let identifier = '';
    const { result } = renderHook(() =>
      useProposedIdentifier((value) => {
        identifier = value;
      }),
    );
    act(() => result.current.nameChanged('Werk'));
    const suffix = identifier.slice(-4);
    expect(identifier).toMatch(/^werk-\d{4}$/);
    act(() => result.current.nameChanged('Werk Nord'));
    expect(identifier).toBe(`werk-nord-${suffix}`);
    act(() => result.current.identifierTyped('wn'));
    act(() => result.current.nameChanged('Werk Nordost'));
    expect(identifier).toBe('wn');
    act(() => result.current.identifierTyped(''));
    act(() => result.current.nameChanged('Werk Nordost'));
    expect(identifier).toBe(`werk-nordost-${suffix}`);
  });
});
