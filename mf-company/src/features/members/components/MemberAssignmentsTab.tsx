import type { Member } from '@dash/shared-core';
import { FormError, inlineErrorText, Spinner, showToast, useCan } from '@dash/shared-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberOrgUnits } from '../api/getMemberOrgUnits';
import { useUpdateAssignments } from '../api/updateAssignments';
import { AssignmentPicker } from './AssignmentPicker';

const sameSet = (left: readonly string[], right: readonly string[]) =>
  left.length === right.length && left.every((item) => right.includes(item));

/** The org-units tab: the member's org units and locations, editable with member.update. */
export function MemberAssignmentsTab({ member }: { member: Member }) {
  const can = useCan();
  return can(['member.update']) ? <AssignmentsForm member={member} /> : <AssignmentsView member={member} />;
}

function AssignmentsForm({ member }: { member: Member }) {
  const { t } = useTranslation('company');
  const update = useUpdateAssignments();
  // The default unit contains everyone without being stored: it is not part of what is chosen here.
  const savedUnits = member.orgUnits.map((unit) => unit.uuid);
  const savedLocations = member.locations.map((location) => location.uuid);
  const [orgUnitUuids, setOrgUnitUuids] = useState(savedUnits);
  const [locationUuids, setLocationUuids] = useState(savedLocations);
  const [error, setError] = useState<string | null>(null);
  const changed = !sameSet(orgUnitUuids, savedUnits) || !sameSet(locationUuids, savedLocations);
  const name = `${member.firstName} ${member.lastName}`;
  return (
    <form
      className="ui-card"
      noValidate
      data-testid="member-assignments-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (update.isPending || !changed) return;
        setError(null);
        update.mutate(
          { uuid: member.uuid, orgUnitUuids, locationUuids },
          {
            onSuccess: () =>
              showToast({
                type: 'success',
                title: t('members.tabs.orgUnits'),
                message: t('members.assignments.saved', { name }),
              }),
            onError: (caught) => setError(inlineErrorText(t, caught)),
          },
        );
      }}
    >
      <FormError error={error} testId="member-assignments-error" />
      <p className="company-member-form__hint">{t('members.assignments.hint', { name })}</p>
      <AssignmentPicker
        tall
        orgUnitUuids={orgUnitUuids}
        locationUuids={locationUuids}
        onOrgUnitsChange={setOrgUnitUuids}
        onLocationsChange={setLocationUuids}
        responsibleLocationUuids={member.locations.filter((place) => place.responsible).map((place) => place.uuid)}
      />
      <div className="ui-form-actions company-assignments__actions">
        {/* aria-disabled: a button that disables itself after saving would drop the keyboard focus to the page. */}
        <button type="submit" className="ui-button company-soft-disabled" aria-disabled={update.isPending || !changed}>
          {t('members.form.save')}
        </button>
        <button
          type="button"
          className="ui-button ui-button--ghost"
          disabled={update.isPending || !changed}
          onClick={() => {
            setOrgUnitUuids(savedUnits);
            setLocationUuids(savedLocations);
            setError(null);
          }}
        >
          {t('members.assignments.undo')}
        </button>
      </div>
    </form>
  );
}

/** Without member.update: the units (with their parent, and whether the member administers them) and locations. */
function AssignmentsView({ member }: { member: Member }) {
  const { t } = useTranslation('company');
  const query = useMemberOrgUnits(member.uuid);
  if (query.isPending) return <Spinner />;
  const units = query.data?.items ?? [];
  return (
    <section className="ui-card" data-testid="member-org-units">
      {units.length === 0 ? (
        <p className="ui-empty">{t('members.noOrgUnits')}</p>
      ) : (
        <div className="ui-table">
          <table>
            <caption className="ui-visually-hidden">{t('members.tabs.orgUnits')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('members.assignments.orgUnit')}</th>
                <th scope="col">{t('members.assignments.parent')}</th>
                <th scope="col">{t('members.assignments.role')}</th>
              </tr>
            </thead>
            <tbody>
              {units.map((unit) => (
                <tr key={unit.uuid}>
                  <td>
                    {unit.orgUnitName}
                    {unit.isDefault && <span className="company-choice__meta"> ({t('members.form.defaultUnit')})</span>}
                  </td>
                  <td>{unit.parentName ?? '–'}</td>
                  <td>{t(unit.isAdmin ? 'members.assignments.administers' : 'members.assignments.belongs')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2 className="company-assignments__heading">{t('members.fields.locations')}</h2>
      {member.locations.length === 0 ? (
        <p className="ui-empty">{t('members.assignments.noLocations')}</p>
      ) : (
        <ul data-testid="member-locations">
          {member.locations.map((location) => (
            <li key={location.uuid}>
              {location.name}
              {location.responsible && ` (${t('members.assignments.responsible')})`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
