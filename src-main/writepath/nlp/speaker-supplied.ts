/**
 * States a chat says without "I" ("single again", "not really into coffee anymore", "gone off tea", "been made
 * redundant", "work at stripe"), and a partner without "my" ("boyfriend is miguel"), given their "I" (or "my") before the tagger reads them (clauses.ts normaliseForParsing), where the message's shape
 * says they are the speaker's.
 */
import { OPENERS_BEFORE } from './lexicon';

/** A line ending in ":" that heads no news of the speaker's own: "tom's update:", "gossip:", "Jo wrote:". */
const OTHERS_HEADING = /^(?![ \t]*(?:(?:life|quick|little|small|big|some|my)\s+)?(?:updates?|news)[ \t]*:)[^\n]*:[ \t]*$/im;

/**
 * A chat's states said without "I" ("single again", "not really into coffee anymore", "no longer a fan of running",
 * "gone off tea", "been made redundant", "finally divorced from Mark", "got dumped", "settled in Porto"): the speaker's, at the start of a sentence, or of a line (a list item) in a
 * message that no one else's words or news head.
 */
export function speakerSupplied(text: string): string {
  // (Not after a question on the same line: "my sister? vegan now lol", "how's sam? single again" answer it of them.)
  const start = OTHERS_HEADING.test(text) ? String.raw`(^|[.!]\s+)` : String.raw`(^|[.!]\s+|\n)`;
  // (After a chat's openers too: "fyi been veggie since jan", "lol single again".)
  const at = (state: string): RegExp => new RegExp(`${start}((?:[-*•]|\\d{1,2}[.)])?\\s*${OPENERS_BEFORE})(?=${state})`, 'giu');
  return text
    // ("Single Again is a Taylor Swift bonus track": a title, not the speaker.)
    .replace(at(String.raw`single (?:again|now)\b(?!\s+(?:is|was|by|from)\b)`), '$1$2I am ')
    .replace(at(String.raw`(?:not|no longer)\s+(?:(?:really|that|so|too|even|much of|a big|a huge)\s+)*(?:into|a fan of|fan of|keen on)\s`), '$1$2I am ')
    .replace(at(String.raw`gone off\s+(?!to\b|on\b|at\b|with\b|it\b|me\b|him\b|her\b)`), '$1$2I have ')
    .replace(at(String.raw`been made redundant\b`), '$1$2I have ')
    // "finally divorced from Mark", "officially divorced!!": a state; "divorced parents" or "divorced dad" is not one.
    .replace(at(String.raw`(?:(?:finally|officially|now|legally)\s+)*divorced(?=\s+from\b|\s*[.!?,]|\s*$|\s+(?:now|lol|finally|at last)\b)`), '$1$2I am ')
    // "(finally) settled in Porto now": a home ("settled in nicely" names none, and is read as nothing).
    // ("I am", not "I have": "settled in porto for the weekend" is then a stay, sentence-scope.ts.)
    .replace(at(String.raw`(?:(?:finally|now|all|happily)\s+)*settled in\s+(?!nicely|well|ok|okay|fine|quickly|now|yet|at|to|with|the\s+(?:new|job|role|team))`), '$1$2I am ')
    // "been vegan since last christmas", "vegetarian now lol": a diet kept.
    .replace(at(String.raw`been (?:vegan|vegetarian|veggie|pescatarian)\s+(?:since|for)\b`), '$1$2I have ')
    // "vegan since 2019 fwiw", "vegan for 2 yrs now": kept that long (not "vegan for a month", a try).
    .replace(at(String.raw`(?:vegan|vegetarian|veggie|pescatarian)\s+(?:since\b|for\s+(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of)\s+(?:years?|yrs?)\b)`), '$1$2I have been ')
    .replace(at(String.raw`(?:vegan|vegetarian|veggie|pescatarian) now(?:\s+(?:lol|haha|tbh|btw))?(?=\s*(?:$|[.!,…]|\p{Extended_Pictographic}))`), '$1$2I am ')
    // "still vegetarian but i eat fish", "still vegan lol": a diet kept.
    .replace(at(String.raw`still (?:vegan|vegetarian|veggie|pescatarian)(?=\s+(?:but|tho|though|lol|haha|tbh|btw|fyi|obvs|obviously|ofc)\b|\s*(?:$|[.!,…]|\p{Extended_Pictographic}))`), '$1$2I am ')
    // "vegetarian but i eat fish", "veggie except fish": a diet with what it allows (diet-exceptions.ts).
    .replace(at(String.raw`(?:vegan|vegetarian|veggie|pescatarian)\s*,?\s+(?:but|except|apart from|other than|though|tho)\b`), '$1$2I am ')
    // "self-employed for a month now", "freelance since june": working for oneself that long.
    .replace(at(String.raw`(?:self[- ]employed|freelance)\s+(?:since\s|for\s+(?:\d+|a|an|one|two|three|four|five|six|a few|a couple of)\s+(?:days?|weeks?|wks?|months?|years?|yrs?)\b)`), '$1$2I have been ')
    .replace(at(String.raw`been (?:self[- ]employed|freelance)\s+(?:since|for)\b`), '$1$2I have ')
    // "3 months self-employed and still alive", "two years freelance now": working for oneself that long.
    .replace(
      new RegExp(`${start}((?:[-*•]|\\d{1,2}[.)])?\\s*${OPENERS_BEFORE})(\\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of)\\s+(days?|weeks?|wks?|months?|years?|yrs?)\\s+(self[- ]employed|freelance)\\b`, 'giu'),
      '$1$2I have been $5 for $3 $4',
    )
    // "based in edinburgh w my partner", "based out of Leeds": where the speaker lives.
    .replace(at(String.raw`based (?:in|out of)\s+(?!the\s+(?:uk|us|usa)\b)\p{L}`), '$1$2I am ')
    // "work at stripe, dublin office", "work for the nhs": where the speaker works, said as a line of its own.
    .replace(at(String.raw`work (?:at|for)\s+(?!home\b|the moment\b|a bit\b|least\b)`), '$1$2I ')
    // "boyfriend is miguel", "boyfriend sean thinks this is weird": a partner named without "my" opening the line.
    .replace(at(String.raw`(?:boyfriend|girlfriend|bf|gf|husband|hubby|wife|fianc[eé]e?)\s+(?:is\s+)?\p{L}+`), '$1$2my ')
    // "got dumped (by Dan) last night", "just got dumped lol".
    .replace(at(String.raw`(?:just\s+)?got dumped\b`), '$1$2I ')
    .replace(at(String.raw`(?:just\s+)?been dumped\b`), '$1$2I have ')
    .replace(at(String.raw`dumped by\b`), '$1$2I was ')
    // "finally dumped jake", "dumped him. no regrets": whom is read as in "I dumped him" (a person, or a partner word).
    .replace(at(String.raw`(?:(?:finally|just)\s+)?dumped\s+(?:him|her|my|[\p{L}]+\s*(?:$|[.!,]))`), '$1$2I ');
}
