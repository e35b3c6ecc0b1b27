/**
 * A message that takes back the one its speaker sent just before: "jk april fools 😂 still at sky", "lol kidding",
 * "just kidding!!", "not really, just a bad day", and on its own "lol no", "😂 nah", "jokes", "yeah right"; someone else's
 * news after all ("well my parents did", "lol no that's my mum"); a message not meant ("sorry ignore that"; not "wrong chat", which is still true). The write path drops the facts of the message taken back; the read
 * path says so beside the quote, so a pack never hands on a joke as the person's word.
 */
const TAKES_BACK_THE_LAST =
  /^\s*(?:(?:lol|haha+|lmao)\s+)?(?:jk|jkjk|j\/k|just kidding|just joking|kidding|april fools?'?s?|(?:nah\s+)?not really\s*(?:[,.!…]|$)|\/s\b)|^\s*(?:(?:lol|haha+|lmao)\s*|\p{Extended_Pictographic}\s*)(?:no+|nope|nah)\b(?:\s*i\s+(?:didn'?t|wish))?[\s.!…\p{Extended_Pictographic}\uFE0F]*$|^\s*(?:jokes|yeah,?\s+right)[\s.!…\p{Extended_Pictographic}\uFE0F]*$|^\s*(?:\*|well|lol no|no|nah|actually|lol)\s*,?\s*(?:that'?s\s+|it'?s\s+|it was\s+)?(?:my|our)\s+[\p{L}-]+(?:\s+[\p{L}-]+)?\s+(?:did|does|is|was|are|were|do|has|have)\b|^\s*(?:lol\s+)?no,?\s+that'?s\s+(?:my|our)\s+\p{L}|^\s*(?:(?:sorry|sry|soz|oops|whoops|lol)\s*,?\s*)*ignore (?:that|this|me|the last|my last)\b[\s,.!…]*(?:(?:sorry|soz|sry|lol|haha+|oops|wrong (?:chat|convo|person|group)|autocorrect|my bad)\b[\s,.!…]*)*[\p{Extended_Pictographic}\uFE0F\u200D\s]*$|^\s*\*+\s*(?:used to|trying to be|trying|i wish)[\s.!…]*$/iu;

/** A take-back counts only this soon after the message, and only as the very next message (before anyone else spoke). */
export const TAKE_BACK_WITHIN_MS = 10 * 60_000;

/**
 * A bubble that makes the one before a plan, a wish or a near miss: "i quit smoking" / "in my dreams", "not yet",
 * "nearly", "thinking about it", "next month hopefully", "tomorrow lol", "after christmas".
 */
const NOT_YET =
  /^\s*(?:(?:well|lol|haha+|ok|i mean|or|and)[\s,.]*)*(?:in my dreams|i wish|not yet|nearly|almost|(?:i'?m\s+)?(?:thinking about it|planning (?:to|on it)|trying(?: to)?|going to|gonna|about to)|one day|some ?day|eventually|hopefully|soon|(?:from\s+)?next (?:week|month|year|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday|jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*|spring|summer|autumn|winter)|tomorrow|tonight|after (?:christmas|xmas|easter|new year|the holidays|the summer)|in the new year)(?:[\s,.!…]+(?:lol|haha+|hopefully|fingers crossed|tbh|anyway|ha|i hope|maybe|🤞))*[\s,.!?…\p{Extended_Pictographic}\uFE0F\u200D]*$/iu;

export function takesBackTheLastMessage(text: string): boolean {
  return TAKES_BACK_THE_LAST.test(text) || NOT_YET.test(text);
}

/** An outright joke taken back ("jk", "just kidding", "april fools"): it may answer a reply to the joke, too. */
const JOKES_IT_AWAY = /^\s*(?:(?:lol|haha+|lmao)\s+)?(?:jk|jkjk|j\/k|just kidding|just joking|kidding|april fools?'?s?)(?![\p{L}])|^\s*(?:(?:sorry|soz|sry|oops|lol)\s*,?\s*)*ignore (?:that|this|me|my last)\b[\s,.!…]*(?:(?:sorry|soz|lol|wrong chat|autocorrect|my bad)\b[\s,.!…]*)*$/iu;

export function jokesTheLastMessageAway(text: string): boolean {
  return JOKES_IT_AWAY.test(text);
}
