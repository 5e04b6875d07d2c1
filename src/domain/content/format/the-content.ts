import { shortcodeUnautop, wpautop } from './autop';
import { capitalPDangit } from './chars';
import { wptexturize } from './texturize';

// ---------------------------------------------------------------------------------------------
// The the_content filter chain
// ---------------------------------------------------------------------------------------------


/** The the_content chain after do_blocks (shared by content.rendered and generated excerpts). */
export function theContentAfterBlocks(text: string, autop: boolean): string {
  text = wptexturize(text);
  if (autop) text = wpautop(text);
  text = shortcodeUnautop(text);
  return capitalPDangit(text, false);
}
