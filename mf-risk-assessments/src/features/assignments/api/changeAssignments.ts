import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The four assignment calls: assign org units, the location or members, and remove assignments. */
export type AssignmentChange =
  | { call: 'riskAssessmentAssignOrgUnits'; body: { uuid: string; orgUnitUuids: string[] } }
  | { call: 'riskAssessmentAssignLocation'; body: { uuid: string; locationUuid: string } }
  | { call: 'riskAssessmentAssignMember'; body: { uuid: string; memberUuids: string[] } }
  | { call: 'riskAssessmentDeleteAssignments'; body: { uuid: string; assignmentUuids: string[] } };

/** Answers how many members' analyses an assignment created (null for a removal). */
export async function changeAssignments(change: AssignmentChange): Promise<{ memberTaskCount: number } | null> {
  switch (change.call) {
    case 'riskAssessmentAssignOrgUnits':
      return api.call(change.call, change.body);
    case 'riskAssessmentAssignLocation':
      return api.call(change.call, change.body);
    case 'riskAssessmentAssignMember':
      return api.call(change.call, change.body);
    case 'riskAssessmentDeleteAssignments':
      await api.call(change.call, change.body);
      return null;
  }
}

/**
 * After a change the assignment list, the catalogue counts, the details' counts and the settings (type now fixed) are
 * read again.
 */
export function useChangeAssignments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeAssignments,
    onSuccess: () => {
      for (const key of [
        'riskAssessmentAssignmentList',
        'riskAssessmentCatalog',
        'riskAssessmentDetails',
        'riskAssessmentSettings',
      ]) {
        void client.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}
