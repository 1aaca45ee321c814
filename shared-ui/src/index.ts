import './styles/base.css';
import './i18n/register';

export * from './feedback/Feedback';
export * from './forms/Fields';
export * from './forms/FormActions';
export * from './forms/FormError';
export * from './forms/TextField';
export * from './forms/useForm';
export * from './hooks/useDebouncedValue';
export { registerUiTexts, UI_NAMESPACE, type UiTexts } from './i18n/register';
export * from './loader/loaderStore';
export * from './page/PageHeader';
export * from './page/Tabs';
export * from './registration/types';
export * from './routing';
export * from './session/sessionStore';
export * from './state/devtoolsOptions';
export * from './toasts/toastStore';
