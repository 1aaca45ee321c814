import { localized, type Risk } from '@dash/shared-core';
import { Spinner } from '@dash/shared-ui';
import { Modal } from '@dash/shared-ui/dialog';
import { useTranslation } from 'react-i18next';
import { EvidenceThumbnail } from '../../execution/components/AnswerEvidence';
import { useRiskDetails } from '../api/getRiskDetails';

/** What the assessors of an inspection noted and photographed on one risk's question (read-only). */
export function EvidenceDialog({ risk, onClose }: { risk: Risk | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('riskAssessments');
  const details = useRiskDetails(risk?.uuid ?? null);
  const evidence = details.data?.evidence ?? [];
  return (
    <Modal
      open={risk !== null}
      onClose={onClose}
      headline={t('evidence.title', { load: risk ? localized(risk.load, i18n.language) : '' })}
      width={50}
      testId="risk-evidence"
    >
      {details.isPending ? (
        <Spinner />
      ) : evidence.length === 0 ? (
        <p className="ui-empty">{t('evidence.none')}</p>
      ) : (
        <ul className="ra-evidence__list">
          {evidence.map((item, index) => (
            // One entry per assessor's analysis, in the order they assessed.
            // biome-ignore lint/suspicious/noArrayIndexKey: the entries have no id of their own and never reorder.
            <li key={index} className="ra-evidence__item">
              <strong>{item.assessedByName}</strong>
              {item.note && <p>{item.note}</p>}
              {item.photoUuids.length > 0 && (
                <ul className="ra-evidence__photos">
                  {item.photoUuids.map((uuid, photo) => (
                    <li key={uuid}>
                      <EvidenceThumbnail
                        uuid={uuid}
                        label={t('evidence.photoBy', { name: item.assessedByName, index: photo + 1 })}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
