/** The explorer's share and export tools for the top bar, and the address bar kept in step. */
import { ExportMenu } from '../export/ExportMenu';
import { ImportScenario } from '../export/ImportScenario';
import { LoadMeasurement } from '../flent/LoadMeasurement';
import { useUrlSync } from './app-share';
import { CopyLink } from './CopyLink';
import { EmbedDialog } from './EmbedDialog';
import { ShareNotices } from './ShareNotices';
import './share.css';

export function ShareTools() {
  useUrlSync();
  return (
    <>
      <div className="share-tools" role="group" aria-label="Share and export">
        <CopyLink />
        <EmbedDialog />
        <ExportMenu />
        <ImportScenario />
        <LoadMeasurement />
      </div>
      <ShareNotices />
    </>
  );
}
