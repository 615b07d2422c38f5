import { Tooltip, Typography, type TooltipProps } from 'antd';
import './parts.css';

/**
 * One line of strong text cut with an ellipsis where it runs short, the whole text in a tooltip. CSS cuts it:
 * antd's Typography `ellipsis` measures the text after it renders to learn whether it was cut, and on a phone that
 * was three more renders of the top bar and a layout forced in each while a page arrived (issue 45). The tooltip
 * therefore does not know whether the text was cut, and shows the whole text on hover either way.
 */
export function EllipsisText({ text, placement }: { text: string; placement: TooltipProps['placement'] }) {
  return (
    <Tooltip title={text} placement={placement}>
      <Typography.Text strong className="parts-ellipsis">
        {text}
      </Typography.Text>
    </Tooltip>
  );
}
