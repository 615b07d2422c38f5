import { Alert, Flex, Typography } from 'antd';
import { formatTrackerDate, type TrackerStep } from '../../../model/patient-portal/patient-tracker';
import { PatientTrackerText as T } from '../../../model/patient-portal/patient-tracker-texts';
import { VisuallyHidden } from '../../parts/visually-hidden';
import { Badge, ErrorBadge } from './badges';
import '../patient-portal.css';

/**
 * Kits §4 "Patient tracker": the steps in order, each with its number, title, its state's word ("In Progress",
 * "Failed", "Upcoming", "Ready") or the date it was completed, the ETA of a step to come ("ETA {x}" or "Delayed — …",
 * see kit-story.ts), its typical duration, an earlier failure rerun since ("Rerun after a failed quality check"),
 * and on the current step of a kit whose failure still counts the Error badge and "Sample Failed: …". The current step is
 * marked as such for assistive technology; a completed one says so in words as well as by its filled mark.
 */
export function TrackerSteps({ steps, label, replaced }: { steps: readonly TrackerStep[]; label: string; replaced: boolean }) {
  return (
    <ol aria-label={label} className="patient-portal-plain-list patient-portal-steps">
      {steps.map((step) => (
        <li key={step.number} aria-current={step.state === 'current' ? 'step' : undefined} className="patient-portal-step">
          <StepMarker step={step} />
          <Flex vertical gap={2} className="patient-portal-grow">
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
            {step.eta ? <Typography.Text>{step.eta}</Typography.Text> : null}
            {step.duration ? <Typography.Text type="secondary">{T.typicalDuration(step.duration)}</Typography.Text> : null}
            {step.note ? <Typography.Text>{step.note}</Typography.Text> : null}
            {step.failure ? <Alert type="error" showIcon className="patient-portal-step-failure" title={step.failure} /> : null}
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

/** The step's number in a circle: filled when completed, ringed in the primary colour when current (patient-portal.css). */
function StepMarker({ step }: { step: TrackerStep }) {
  return <span className={`patient-portal-step-marker patient-portal-step-marker-${step.state}`}>{step.number}</span>;
}
