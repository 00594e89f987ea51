import { useTranslation } from 'react-i18next';

export type Step = 'order' | 'membership_login' | 'sign_in' | 'payment' | 'confirm';
export type StepBarKind = 'normal' | 'mail-only' | 'short' | 'spot';

/**
 * The steps of each bar (SPEC §2): normal is order, membership login (only if enabled), sign-in,
 * payment, confirm; mail-only omits order and sign-in; short is order, payment, confirm; spot is
 * order, payment.
 */
export function stepsOf(kind: StepBarKind, hasMembershipLogin: boolean): Step[] {
  switch (kind) {
    case 'normal':
      return ['order', ...(hasMembershipLogin ? (['membership_login'] as const) : []), 'sign_in', 'payment', 'confirm'];
    case 'mail-only':
      return [...(hasMembershipLogin ? (['membership_login'] as const) : []), 'payment', 'confirm'];
    case 'short':
      return ['order', 'payment', 'confirm'];
    case 'spot':
      return ['order', 'payment'];
  }
}

export function StepBar(props: { kind: StepBarKind; current: Step; hasMembershipLogin: boolean }) {
  const { t } = useTranslation();
  const steps = stepsOf(props.kind, props.hasMembershipLogin);
  const currentIndex = steps.indexOf(props.current);
  return (
    <nav className="step-bar" aria-label={t('step_bar_label')}>
      <ol>
        {steps.map((step, index) => (
          <li
            key={step}
            className={index < currentIndex ? 'step-done' : index === currentIndex ? 'step-current' : undefined}
            aria-current={index === currentIndex ? 'step' : undefined}
          >
            <span className="step-number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="step-name">{t(`step_${step}`)}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
