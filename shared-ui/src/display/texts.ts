import { registerUiTexts } from '@dash/shared-ui';
import de_DE from './i18n/de_DE.json';
import en_GB from './i18n/en_GB.json';

// This entry's texts join the `ui` namespace when the entry loads, so that pages without it do not download them.
registerUiTexts({ de_DE, en_GB });
