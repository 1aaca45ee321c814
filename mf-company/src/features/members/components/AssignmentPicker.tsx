import { useCan } from '@dash/shared-ui';
import { type CSSProperties, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocationChoices, useOrgUnitChoices } from '../api/getStructure';
import { filterUnitTree, locationMatches, toggled } from './assignmentChoices';
import './memberForm.css';

/** Lists longer than this get a filter box: a company's tree of 200 units is not scrolled through. */
const FILTER_FROM = 8;

/**
 * The org units (the client's tree, indented by depth) and locations a member belongs to, as checkbox lists.
 * The default unit contains everyone: shown ticked and fixed. Locations the member is responsible for stay
 * ticked (the locations screen changes responsibility; the server refuses Member.HasResponsibleLocation).
 */
export function AssignmentPicker({
  orgUnitUuids,
  locationUuids,
  onOrgUnitsChange,
  onLocationsChange,
  responsibleLocationUuids = [],
  tall,
}: {
  orgUnitUuids: string[];
  locationUuids: string[];
  onOrgUnitsChange: (uuids: string[]) => void;
  onLocationsChange: (uuids: string[]) => void;
  responsibleLocationUuids?: readonly string[];
  /** The org-units tab has the room for longer lists than the add modal. */
  tall?: boolean;
}) {
  const { t } = useTranslation('company');
  const can = useCan();
  const id = useId();
  const units = useOrgUnitChoices();
  const locations = useLocationChoices();
  const [unitFilter, setUnitFilter] = useState('');
  const [locationFilter, setLocationFilter] = useState('');
  const allUnits = units.data?.items ?? [];
  const allLocations = locations.data?.items ?? [];
  const shownUnits = filterUnitTree(allUnits, unitFilter);
  const shownLocations = allLocations.filter((location) => locationMatches(location, locationFilter));
  const listClass = `company-choices${tall ? ' company-choices--tall' : ''}`;
  const chosenUnits = allUnits.filter((unit) => !unit.isDefault && orgUnitUuids.includes(unit.uuid)).length;

  return (
    <div className="company-member-form company-member-form--split">
      {can(['org-unit.org-unit-list']) && (
        <fieldset className="company-member-form__group" data-testid="pick-org-units">
          <legend>{t('members.tabs.orgUnits')}</legend>
          <p className="company-choices__count" aria-live="polite">
            {t('members.assignments.chosen', { count: chosenUnits })}
          </p>
          {units.isError && <p className="ui-empty">{t('members.form.choicesUnavailable')}</p>}
          {allUnits.length > FILTER_FROM && (
            <div className="ui-field company-choices__filter">
              <label htmlFor={`${id}-units`}>{t('members.assignments.filterOrgUnits')}</label>
              <input
                id={`${id}-units`}
                type="search"
                value={unitFilter}
                onChange={(event) => setUnitFilter(event.target.value)}
              />
            </div>
          )}
          {units.isSuccess && (
            <ul className={listClass} aria-label={t('members.tabs.orgUnits')}>
              {shownUnits.length === 0 && <li className="company-choice ui-empty">{t('members.assignments.none')}</li>}
              {shownUnits.map((unit) => (
                <li key={unit.uuid}>
                  <label
                    className={`company-choice${unit.isDefault ? ' is-disabled' : ''}`}
                    style={{ '--depth': unit.depth } as CSSProperties}
                  >
                    <input
                      type="checkbox"
                      checked={unit.isDefault || orgUnitUuids.includes(unit.uuid)}
                      disabled={unit.isDefault}
                      onChange={(event) => onOrgUnitsChange(toggled(orgUnitUuids, unit.uuid, event.target.checked))}
                    />
                    <span className="company-choice__name">{unit.orgUnitName}</span>
                    {unit.isDefault && <span className="company-choice__meta">{t('members.form.defaultUnit')}</span>}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      )}
      {can(['location.location-list']) && (
        <fieldset className="company-member-form__group" data-testid="pick-locations">
          <legend>{t('members.fields.locations')}</legend>
          <p className="company-choices__count" aria-live="polite">
            {t('members.assignments.chosen', { count: locationUuids.length })}
          </p>
          {locations.isError && <p className="ui-empty">{t('members.form.choicesUnavailable')}</p>}
          {allLocations.length > FILTER_FROM && (
            <div className="ui-field company-choices__filter">
              <label htmlFor={`${id}-locations`}>{t('members.assignments.filterLocations')}</label>
              <input
                id={`${id}-locations`}
                type="search"
                value={locationFilter}
                onChange={(event) => setLocationFilter(event.target.value)}
              />
            </div>
          )}
          {locations.isSuccess && (
            <ul className={listClass} aria-label={t('members.fields.locations')}>
              {shownLocations.length === 0 && (
                <li className="company-choice ui-empty">{t('members.assignments.noLocations')}</li>
              )}
              {shownLocations.map((location) => {
                const responsible = responsibleLocationUuids.includes(location.uuid);
                return (
                  <li key={location.uuid}>
                    <label className={`company-choice${responsible ? ' is-disabled' : ''}`}>
                      <input
                        type="checkbox"
                        checked={responsible || locationUuids.includes(location.uuid)}
                        disabled={responsible}
                        onChange={(event) =>
                          onLocationsChange(toggled(locationUuids, location.uuid, event.target.checked))
                        }
                      />
                      <span className="company-choice__name">{location.name}</span>
                      <span className="company-choice__meta">
                        {[location.city, responsible ? t('members.assignments.responsible') : null]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </fieldset>
      )}
    </div>
  );
}
