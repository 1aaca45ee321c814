import { generateIdentifier } from '@dash/shared-core';
import { useRef, useState } from 'react';

/** The ID proposed for a unit name (spec section 5, generated identifiers); none while the name is empty. */
export function proposeIdentifier(name: string, random: number): string {
  return name.trim() === '' ? '' : generateIdentifier(name, () => random);
}

/**
 * The create dialog's ID proposal. One random suffix per dialog, so that the proposal does not jump while the name
 * is typed. Once the administrator types an ID of his own, the name no longer changes it; clearing the ID hands it
 * back to the proposal.
 */
export function useProposedIdentifier(setIdentifier: (value: string) => void) {
  const [random] = useState(() => Math.random());
  const typedByHand = useRef(false);
  return {
    nameChanged: (name: string) => {
      if (!typedByHand.current) setIdentifier(proposeIdentifier(name, random));
    },
    identifierTyped: (value: string) => {
      typedByHand.current = value !== '';
      setIdentifier(value);
    },
  };
}
