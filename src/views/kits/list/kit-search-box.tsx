import { SearchOutlined } from '@ant-design/icons';
import { Input, Typography } from 'antd';
import { memo, useId } from 'react';
import { KitSearchText } from '../../../model/kits/kit-list-texts';
import type { SearchBoxActor, SearchBoxView } from '../../../machines/lists/search-box.selectors';
import './kit-list.css';

/** Kits §2 and §5: HCP's search box, with the hint for a text too short to send; not rendered again by the list's pages. */
export const KitSearchBox = memo(function KitSearchBox({ view, actor }: { view: SearchBoxView; actor: SearchBoxActor }) {
  const hint = useId();
  return (
    <div role="search" className="kit-search">
      {/* No clear button: antd's is a 12 px target, under WCAG 2.2's 24 px; the text clears like any other. */}
      <Input
        prefix={<SearchOutlined aria-hidden />}
        aria-label={KitSearchText.label}
        aria-describedby={view.tooShort ? hint : undefined}
        placeholder={KitSearchText.placeholder}
        value={view.text}
        onChange={(event) => actor.send({ type: 'search.type', text: event.target.value })}
      />
      <div aria-live="polite" className="kit-search-hint">
        {view.tooShort ? (
          <Typography.Text id={hint} type="secondary">
            {KitSearchText.tooShort}
          </Typography.Text>
        ) : null}
      </div>
    </div>
  );
});
