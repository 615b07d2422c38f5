import { Alert, Flex, Typography, theme } from 'antd';
import type { CSSProperties } from 'react';
import { formatTrackerDate, type TrackerStep } from '../../../model/patient-portal/patient-tracker';
import { PatientTrackerText as T } from '../../../model/patient-portal/patient-tracker-texts';
import { VisuallyHidden } from '../../parts/visually-hidden';
import { Badge, ErrorBadge } from './badges';

const MARKER_PX = 28;

/**
 * Kits §4 "Patient tracker": the steps in order, each with its number, title, its state's word ("In Progress",
 * "Failed", "Upcoming", "Ready") or the date it was completed, the ETA of a step to come, its typical duration, and
 * on the current step of a kit whose sample failed the Error badge and "Sample Failed: …". The current step is
 * marked as such for assistive technology; a completed one says so in words as well as by its filled mark.
 */
export function TrackerSteps({ steps, label, replaced }: { steps: readonly TrackerStep[]; label: string; replaced: boolean }) {
  return (
    <ol aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 16 }}>
      {steps.map((step) => (
        <li key={step.number} aria-current={step.state === 'current' ? 'step' : undefined} style={{ display: 'flex', gap: 12 }}>
          <StepMarker step={step} />
          <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Flex wrap align="center" gap={8}>
              <Typography.Text strong>{step.title}</Typography.Text>
              {step.label ? <Badge color={labelColor(step, replaced)}>{step.label}</Badge> : null}
              {step.failure ? <ErrorBadge /> : null}
            </Flex>
            {step.state === 'completed' ? <VisuallyHidden>{T.completed}</VisuallyHidden> : null}
            {step.date ? (
              <Typography.Text type="secondary">
                <time dateTime={step.date}>{formatTrackerDate(step.date)}</time>
              </Typography.Text>
            ) : null}
            {step.eta ? <Typography.Text>{T.eta(formatTrackerDate(step.eta))}</Typography.Text> : null}
            {step.duration ? <Typography.Text type="secondary">{T.typicalDuration(step.duration)}</Typography.Text> : null}
            {step.failure ? <Alert type="error" showIcon style={{ marginTop: 8 }} title={step.failure} /> : null}
          </Flex>
        </li>
      ))}
    </ol>
  );
}

function labelColor(step: TrackerStep, replaced: boolean): 'processing' | 'error' | 'success' | 'default' {
  if (step.state === 'completed') return 'success';
  if (step.state === 'current') return replaced ? 'error' : 'processing';
  return 'default';
}

/** The step's number in a circle: filled when completed, ringed in the primary colour when current. */
function StepMarker({ step }: { step: TrackerStep }) {
  const { token } = theme.useToken();
  const completed = step.state === 'completed';
  const style: CSSProperties = {
    flex: 'none',
    width: MARKER_PX,
    height: MARKER_PX,
    borderRadius: '50%',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontWeight: token.fontWeightStrong,
    border: `2px solid ${step.state === 'upcoming' ? token.colorBorder : token.colorPrimary}`,
    background: completed ? token.colorPrimary : 'transparent',
    // White on the primary fill, and the text colours on the page, all reach 4.5:1 (src/views/shell/theme.tsx).
    color: completed ? token.colorWhite : step.state === 'current' ? token.colorText : token.colorTextSecondary,
  };
  return <span style={style}>{step.number}</span>;
}
