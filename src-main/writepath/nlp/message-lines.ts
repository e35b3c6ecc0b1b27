/**
 * The lines of a chat message as the offline reader takes them (analyzer.ts reads each as sentences of its own). The
 * tagger reads a line break as a space; a chat's line break sometimes ends a thought and sometimes does not.
 */

/** A line that says nothing but opens the message: "hey", "morning!", "omg", "guess what", "big news!!". */
const OPENER_ONLY =
  /^\s*(?:(?:hey+|hi+|hiya|hello|heya|yo|morning|good morning|evening|omg+|oh my god|guess what|(?:big |some |good |exciting )?news|(?:my )?(?:life |quick |little |small |big )?(?:updates?|news)|(?:big|crazy|mad|long|busy) (?:week|month|year|time)(?: no (?:see|speak|chat))?|what a (?:week|month|year)|so+|ok+|okay|lol+|haha+|wow|ugh|yay+|eek|btw|right)[\s,.!?…:-]*)+[\s\p{Extended_Pictographic}\uFE0F]*$/iu;
/** A heading of the speaker's own news over a list: "quick update on me:", "Things about me:", "about me:", "my news:". */
const OWN_HEADING =
  /^\s*(?:(?:hi+|hey+|hello|so|ok|okay)[\s!,.]+)*(?:(?:a\s+)?(?:quick|little|small|big|some|life|few)\s+)*(?:(?:update|news|facts?|things|stuff|bits)\s+(?:on|about)\s+me|about me|my (?:update|news|life)|me)\s*[:\-–]\s*$/i;
/** Words a chat puts before the speaker's own statement: "so i'm vegan now", "ok i quit", "news: we emigrated…". */
const LEAD = String.raw`(?:(?:so|also|ok|okay|well|btw|lol|omg|ngl|tbh|honestly|oh|now|(?:big |some |good |life )?(?:news|updates?))[\s,.:!-]+)*`;
/** A line the speaker's own statement opens: "I moved to Leeds", "my manager is Sam", "we got engaged". */
const OWN_OPENING = new RegExp(String.raw`^\s*${LEAD}(?:i|i'm|im|i've|ive|i'd|i'll|my|we|we're|we've|our)\b`, 'i');
/** A line the speaker is the subject of ("my mum has been…" is the mum's). */
const SPEAKER_OPENING = new RegExp(String.raw`^\s*${LEAD}(?:i|i'm|im|i've|ive|i'd|we|we're|we've)\b`, 'i');
/** A line after which the next is someone else's words, a plan or a condition: "my brother texted me", "to do:", "if i get the job". */
const GOVERNS_NEXT = /[:;]\s*$|\b(?:texted|sent|wrote|posted|says|said|forwarded|messaged|copying|copied|quoting)\b|^\s*(?:if|when|unless|once|to[- ]?do|my plan|plans?|goals?|resolutions?)\b/i;
/** A line that carries on the one before it: "… \nto leeds", "… \nfor january", "… \nand ramen". */
const CARRIES_ON = /^\s*(?:and|or|&|but|since|until|till|cos|coz|because|to|for|with|at|in|on|from|of|as|than|a|an|the|by|about|after|before|while|who|which|that|when|where|if|too|as well)\b/i;
/** A line that stops mid-phrase: "i'm a", "i work as", "i gave up", "i moved to". */
const STOPS_SHORT = /\b(?:a|an|the|to|at|in|on|of|as|and|with|for|my|our|is|am|'m|was|are|be|been|up|out|off|down|over|from|than|very|so|really)\s*$/i;
/** A line of news said without its subject: "moved to Leeds", "new job at Ridgeline", "single again lol". */
const NEWS_LINE =
  /^\s*(?:(?:just|finally|officially|also|and|now)\s+)?(?:moved|relocated|started|joined|quit|left|got|landed|resigned|switched|married|stopped|gave up|went|passed|new (?:job|role|flat|house|place|home)|single again|engaged|back (?:in|at|on|with)|(?:working|living) (?:at|in|for)|now (?:at|in))\b/i;
/** A line that asks the other person something: "how are you??", "wbu?". A question is its own thought. */
const ASKS_BACK = /^\s*(?:how|what|where|when|who|why|hbu|wbu|and you|are you|r u|do you|did you|have you|u ok|you ok)\b[^\n]*\?\s*$/i;
/** A line that opens with a new subject: "she cheated", "its not mine", "they said no" — a clause of its own. */
const NEW_SUBJECT = /^\s*(?:he|she|they|it|he's|she's|they're|it's|its|hes|shes|theyre|it was|that was)\b/i;
/** A line that starts a phrase of its own with an article: "a mini", "the one in town" (after a whole line, no object of it). */
const ARTICLE_START = /^\s*(?:a|an|the)\b/i;
/** A line of nothing but a reaction word or an emoji after the news: "finally", "lol", "🎉" (not "jk", which takes it back). */
const REACTION_ONLY = /^\s*(?:(?:finally|lol+|lmao+|haha+|tbh|ngl|honestly|omg+|yay+|ugh+|fml|smh|again|too|x+|xoxo)[\s.!?…,]*)*[\s\p{Extended_Pictographic}\uFE0F\u200D]*$/iu;
/** A list item's marker: "- ", "* ", "• ", "1. ", "2) ". */
const BULLET = /^\s*(?:[-*•·▪–]|\d{1,2}[.)])\s+/;
/** A to-do's open box: a plan, not news. */
const TO_DO = /^\s*(?:[-*•]\s*)?\[\s\]/;
/** A line that only says when ("in 2015", "last week"): it dates the line after it or before it. */
const WHEN_ONLY =
  /^\s*(?:(?:\d+|a|an|one|two|three|four|five|six|a few|a couple of)\s+(?:days?|weeks?|months?|years?)\s+ago|(?:last|this|next)\s+[\p{L}]+|yesterday|today|tonight|tomorrow|(?:in|on|at|over|since|back in)\s+(?:the\s+)?[\p{L}\d]+(?:\s+[\p{L}\d]+)?)\s*(?:lol|haha|tho|though|actually|now)?[\s.!?…,\p{Extended_Pictographic}]*$/iu;

/**
 * A message's lines as the reader takes them. The tagger reads a line break as a space, so by default lines run on
 * ("i moved\nto leeds", "i'm vegan\nfor january", "congrats to tom\ngot the job at google"). A line break ends a thought
 * only where the chat's shape says so: after a line that only opens the message ("hey\nI moved to Leeds", "morning!\nI'm
 * Dana"), before a line the speaker's own statement opens ("I work at Ridgeline\nmy manager is Sam") unless the line
 * before says whose words, plan or condition follow ("my brother texted me\ni got the job", "to do:", "if i get the
 * job") or only when ("in 2015\ni moved to leeds"), after a whole statement of the speaker's before a line that does not
 * carry it on ("I quit smoking\nso proud of myself"), and between the items of a list that has no heading (or only the
 * speaker's own: "quick update on me:") or of news said without a subject. An open
 * to-do box is a plan and is left out.
 */
export function messageLines(text: string): string[] {
  // A blank line ends a paragraph ("My name is Jo\n\nSent from my iPhone").
  const raw = text.split(/\r?\n/).filter((line) => !TO_DO.test(line));
  const filled = raw.filter((line) => line.trim() !== '');
  // (A list under lines that only open the message is still a list with no heading: "life update lol\n1. quit smoking\n2. …".)
  const opening = filled.findIndex((line) => !OPENER_ONLY.test(line) && !OWN_HEADING.test(line));
  const body = opening < 0 ? [] : filled.slice(opening);
  const listed = body.length > 1 && body.every((line) => BULLET.test(line));
  const lines: string[] = [];
  let previous: string | undefined;
  let blank = false;
  for (const line of raw) {
    if (line.trim() === '') {
      blank = previous !== undefined;
      continue;
    }
    // ("started going to the gym\nfinally": the reaction is no part of the news, and glued on it made no clause.)
    if (previous !== undefined && REACTION_ONLY.test(line)) continue;
    const ends =
      previous !== undefined &&
      (listed ||
        blank ||
        OPENER_ONLY.test(previous) ||
        OWN_HEADING.test(previous) ||
        (OWN_OPENING.test(line) && !GOVERNS_NEXT.test(previous) && !WHEN_ONLY.test(previous)) ||
        ownStatementEnds(previous, line, lines.at(-1) ?? '') ||
        newSubjectStarts(previous, line) ||
        ASKS_BACK.test(line) ||
        newsItemEnds(lines.at(-1) ?? '', previous, line));
    const item = listed ? line.replace(BULLET, '') : line;
    if (previous === undefined || ends) lines.push(item);
    // (Joined as written: the tagger reads a line that runs on as it always has; a time before the line is its time.)
    // ("i moved to\nleeds": a line that stops mid-phrase goes on with a space, or the tagger ends a sentence at the break.)
    else lines[lines.length - 1] = `${lines.at(-1) ?? ''}${previous !== undefined && (WHEN_ONLY.test(previous) || STOPS_SHORT.test(previous)) ? ' ' : '\n'}${item}`;
    previous = line;
    blank = false;
  }
  return lines;
}

/**
 * Whether a line of news said without its subject ends before another ("update:\nnew job at Ridgeline\nmoved to Leeds"): a
 * list of the speaker's news, in a run of lines that opened with news or with the speaker ("tom's update:\nmoved to
 * berlin\nnew job at siemens", "my brother's update:\n…" are all theirs, and run on).
 */
function newsItemEnds(run: string, previous: string, line: string): boolean {
  return NEWS_LINE.test(line) && NEWS_LINE.test(previous) && !STOPS_SHORT.test(previous) && (NEWS_LINE.test(run) || SPEAKER_OPENING.test(run));
}

/**
 * Whether a line of the speaker's own ("I quit smoking", "I moved to Leeds"; news without "I" that no heading's line runs into, "moved to
 * leeds last week") is whole before a line that does not carry
 * it on ("so proud of myself", "loving it so far"); not "i love\nsushi", "i'm a\nnurse", "i moved\nto leeds".
 */
function ownStatementEnds(previous: string, line: string, run: string): boolean {
  const words = previous.trim().split(/\s+/).length;
  // ("i bought a car\na mini": after a whole statement, a line that starts with an article is a phrase of its own.)
  const carriesOn = CARRIES_ON.test(line) && !ARTICLE_START.test(line);
  return (SPEAKER_OPENING.test(previous) || (NEWS_LINE.test(previous) && run === previous)) && words >= 3 && !STOPS_SHORT.test(previous) && !GOVERNS_NEXT.test(previous) && !carriesOn && !WHEN_ONLY.test(line);
}

/** Whether a line that opens with a new subject ("she cheated") follows a whole line ("broke up with my gf"), not "my sister". */
function newSubjectStarts(previous: string, line: string): boolean {
  const words = previous.trim().split(/\s+/).length;
  return NEW_SUBJECT.test(line) && words >= 3 && !STOPS_SHORT.test(previous) && !GOVERNS_NEXT.test(previous) && !WHEN_ONLY.test(previous);
}
