/** Word lists the statement rules consult. English only: other languages yield no statements. */

const words = (s: string): Set<string> => new Set(s.split(/\s+/).filter(Boolean));

/** "my brother Tomás": relation words that introduce a named person. */
export const RELATIONS = words(`
  brother sister mum mom mother dad father son daughter wife husband partner boyfriend girlfriend fiance fiancé fiancee fiancée
  friend bestie boss manager colleague coworker co-worker roommate flatmate housemate neighbour neighbor cousin aunt auntie aunty uncle
  grandma grandmother grandpa grandfather granddad grandad gran granny nana nanna nan grandson granddaughter niece nephew stepmom stepmum stepmother stepdad stepfather stepson stepdaughter stepbrother stepsister
  mentor therapist doctor teacher coach landlord landlady ex twin mam
`);
/** Verbs whose past is their present ("I hurt my back", "quit my job at Globex"): the clause decides which it is. */
export const SAME_FORM_PASTS = words('hurt quit cut hit split bet shut upset burst put');

/** "our son Leo", "our daughter's name is Zoe": relations a couple shares. */
export const CHILDREN = words('son daughter baby kid kids twins');
/**
 * "my dog Biscuit", "my cat is called Mochi": animals a person names and talks about like family, and the dog and cat
 * breeds chats name them by ("we got a greyhound", "our labrador died").
 */
export const PETS = words(`
  dog puppy pup cat kitten rabbit bunny hamster parrot budgie tortoise turtle horse pony ferret gecko snake
  greyhound whippet lurcher labrador retriever spaniel cockapoo cockerpoo cavapoo labradoodle poodle terrier beagle collie
  dachshund pug husky staffie frenchie bulldog chihuahua corgi schnauzer alsatian dalmatian doberman rottweiler
  tabby moggy
`);
/**
 * Relations that are one person at a time ("my mum", "my boss"): what "my mum" does is a slot of hers; "my
 * friend lives in Lyon" and "my friend lives in Paris" may be two friends, so a many-of relation has no slot.
 */
export const ONE_OF_RELATIONS = words(`
  mum mom mother dad father wife husband partner boyfriend girlfriend fiance fiancé fiancee fiancée boss manager landlord
  landlady therapist stepmom stepmum stepmother stepdad stepfather
`);
/** Two-word relations ("best friend", "little brother"): the first word qualifies the relation. */
export const RELATION_QUALIFIERS = words('best older younger little big baby twin old ex- ex late new');

/** Verbs whose first-person statements are facts worth keeping, by what they say. */
export type VerbClass = 'residence' | 'work' | 'join' | 'opinion_like' | 'opinion_dislike' | 'uses' | 'switch' | 'stop' | 'have' | 'general' | 'went' | 'acquire';

export const VERB_CLASSES = new Map<string, VerbClass>([
  ['live', 'residence'],
  ['move', 'residence'],
  ['relocate', 'residence'],
  ['emigrate', 'residence'],
  ['settle', 'residence'],
  ['work', 'work'],
  ['join', 'join'],
  ['like', 'opinion_like'],
  ['love', 'opinion_like'],
  ['enjoy', 'opinion_like'],
  ['adore', 'opinion_like'],
  ['prefer', 'opinion_like'],
  ['hate', 'opinion_dislike'],
  ['dislike', 'opinion_dislike'],
  ['detest', 'opinion_dislike'],
  ['loathe', 'opinion_dislike'],
  ['use', 'uses'],
  ['switch', 'switch'],
  ['migrate', 'switch'],
  ['stop', 'stop'],
  ['quit', 'stop'],
  ['have', 'have'],
  ['own', 'have'],
  ['go', 'went'],
  ['turn', 'went'],
  ['become', 'went'],
  // "I got a dog", "we got a new car": only what the ACQUISITIONS list names (not "a coffee", "a text").
  ['get', 'acquire'],
  // "I was born in Lagos": the lemma of "born".
  ['bear', 'general'],
  ...[
    ...words(`
      adopt play speak study learn teach practice practise run paint draw volunteer visit travel graduate retire marry
      grow start finish drink eat smoke support collect read cook bake write ride drive coach sing dance swim hike climb
      build raise breed knit garden sew fish surf ski skate lift train meditate teach lead manage found launch open
      sell buy rent major minor specialise specialize
      pass fail break sign meet book injure hurt sprain fracture rescue
    `),
  ].map((w): [string, VerbClass] => [w, 'general']),
]);

/** Verbs that need an object to say anything ("I play" alone says nothing). */
export const INTRANSITIVE_OK = words('retire graduate paint draw volunteer cook bake sing dance swim hike climb knit garden sew fish surf ski skate meditate smoke drink');

/** Copular complements that describe a lasting state ("I'm allergic to peanuts", "I'm vegan"). */
export const DURABLE_ADJECTIVES = words(`
  allergic vegetarian vegan pescatarian married engaged divorced single widowed pregnant retired left-handed right-handed
  colorblind colourblind diabetic lactose gluten deaf blind sober bilingual trilingual fluent self-employed unemployed
  freelance autistic intolerant celiac coeliac jewish muslim christian catholic buddhist hindu atheist
`);

/** What one "goes": "I'm going vegan", "she went freelance". */
export const TAKEN_UP = new Set(['vegetarian', 'vegan', 'veggie', 'pescatarian', 'sober', 'teetotal', 'freelance', 'self-employed', 'part-time', 'full-time', 'plant-based']);
/** Working for no employer: "I'm freelance now", "went self-employed in May" (the employer slot's value `self-employed`). */
export const SELF_EMPLOYED = new Set(['freelance', 'self-employed', 'freelancing']);
/** Taken up, they end drinking: "I went sober in june", "I've gone teetotal". */
export const NO_ALCOHOL = new Set(['sober', 'teetotal']);

/** Occupation-looking nouns ("a nurse", "a sound engineer", "a team lead", "an intern"); "a vegetarian" is not a job. */
export const JOB_SUFFIX = /(?:er|or|ist|ista|postdoc|yst|ant|ent|ian|eon|ic|man|woman|person|nurse|midwife|chef|cook|clerk|pilot|medic|doctor|vet|nanny|tutor|coach|judge|guard|monk|nun|rep|dev|ceo|cto|cfo|pm|lead|architect|intern|apprentice|trainee|associate|executive|secretary|paralegal)$/i;
export const NOT_JOBS = words(`
  vegetarian vegan pescatarian lesbian fan lover member owner mother father brother sister mom mum dad daughter son partner
  grandmother grandfather introvert extrovert beginner user customer believer optimist pessimist morning person night
  owl gamer reader runner swimmer man woman lifesaver snorer sucker loser quitter winner cancer dreamer worrier
  overthinker perfectionist realist idealist feminist socialist communist capitalist narcissist romantic patient tenant
  passenger supporter homeowner sleeper eater drinker cheater tyrant londoner remainer leaver smoker commuter stoner scouser northerner southerner islander villager
  atheist agnostic christian catholic protestant anglican methodist baptist mormon buddhist hindu muslim sikh pagan
  voter conservative liberal republican democrat libertarian environmentalist activist quaker widower buyer parent
  shareholder client subscriber investor backer holder donor juror inpatient outpatient visitor guest
  disaster pleaser failure mess nightmare wreck character survivor fighter warrior vaper
`);
/** "a former teacher", "an aspiring actor": a job that is not (yet or any more) the person's. */
export const NOT_NOW_JOBS = words('former ex wannabe aspiring retired future');
/** "a terrible driver", "a great cook", "a total nightmare": a judgement, not a job. */
export const JUDGEMENTS = words(`
  terrible awful horrible great good bad brilliant amazing fantastic excellent decent lousy rubbish crap shit shitty
  total complete utter proper massive huge nightmare hopeless useless hard heavy light picky designated
`);
/** A role that says how someone is, not what they do: "a team player", "a people person" ("a team lead" is a job). */
export const FIGURES_OF_SPEECH = /\b(?:team players?|people persons?|party animals?|social butterfly)\b/i;

/** Nouns after "I am a …" that say who someone is without being a job. */
export const IDENTITIES = words(`
  vegetarian vegan pescatarian student parent mother father mum mom dad grandmother grandfather grandparent twin citizen
  native immigrant expat veteran widow widower introvert extrovert christian muslim jew buddhist hindu atheist
  lesbian bisexual transgender
  freelancer beginner runner climber swimmer cyclist gamer
`);

/** What "I got a …" says lasts: an animal, a home, a vehicle, a mark on the body, a step at work or school. */
export const ACQUISITIONS = new Set([
  ...PETS,
  ...words(`
    pet car bike motorbike motorcycle scooter van house flat apartment tattoo piercing promotion raise scholarship degree
    diploma mortgage allotment
  `),
]);

/** "I have …" objects that are not possessions. */
export const NOT_POSSESSIONS = words('question idea feeling look go chance problem lot time moment sec second minute favour favor thought clue doubt point break rest day night weekend blast fun meeting call');

/** Discourse words that may open a clause before its subject. */
export const OPENERS = words(`
  and but so also actually honestly well oh ok okay yeah yes no anyway anyways btw plus now then lately recently still
  basically seriously frankly luckily sadly unfortunately fortunately finally um uh hmm hey hi hello hiya heya wow ah haha lol
  nowadays currently tbh ngl lowkey imo omg ps pps fyi update psa nah yep yup welp ugh meh sigh yay yo woo woohoo guys
  by the way guess what fun fact
`);

/** A message's openers as a pattern for the cheap looks before parsing: "lol back to smoking", "ngl, not vegan anymore". */
export const OPENERS_BEFORE = String.raw`(?:(?:${[...OPENERS].sort((a, b) => b.length - a.length).join('|')})\b[\s,!.:;-]*)*`;

/**
 * A chat's shorthand, never the words of a fact a person would sign: "Priya is having a whole baked camembert rn as
 * a farewell" is a moment typed in a chat, not something to remember in those words.
 */
export const CHAT_SHORTHAND = new Set([
  'rn', 'ngl', 'tbh', 'tbf', 'lol', 'lmao', 'lmfao', 'rofl', 'idk', 'imo', 'smh', 'fr', 'frfr', 'istg', 'fml', 'omg', 'ikr',
  'obvs', 'atm', 'btw', 'fyi', 'fwiw', 'hbu', 'wbu', 'pls', 'plz', 'u', 'ur', 'ya', 'wanna', 'gonna', 'gotta', 'tho', 'cuz', 'bc',
]);

/** Fillers trimmed from the end of an object ("I don't like jazz anymore"). */
export const TRAILING_FILLERS = [
  'right now', 'at the moment', 'these days', 'nowadays', 'any more', 'anymore', 'lately', 'recently', 'a lot', 'so much',
  'very much', 'too', 'as well', 'again', 'already', 'honestly', 'though', 'actually', 'really', 'either', 'tbh', 'haha',
  'lol', 'more', 'the most', 'a bit', 'by the way', 'btw', 'so far', 'now', 'still', 'for sure', 'of course', 'in general', 'i guess', 'i think',
  'lmao', 'ngl', 'tho', 'fr', 'smh', 'idk', 'imo', 'rn', 'xx', 'xxx', 'atm', 'too much',
  'ugh', 'lowkey', 'tbf', 'just', 'earlier', 'babe', 'hun', 'hon', 'mate', 'bro', 'dude', 'guys', 'istg', 'fml', 'yay',
  'finally', 'at last', 'at long last', 'omg', 'oops', 'woo', 'woohoo', 'yippee', 'lmfao', 'rofl', 'ikr', 'frfr', 'obvs', 'innit', 'bestie', 'fam', 'sis', 'hun x', 'babe x',
  'fyi', 'fwiw', 'just fyi', 'unironically', 'ironically', 'just so you know', 'just so u know', 'for real', 'pls', 'plz', 'please',
  // "I love sushi sm", "I'm vegan hbu": so much, and the question back.
  'sm', 'so so much', 'hbu', 'wbu', 'hby', 'and you', 'and u', 'what about you', 'how about you',
];

/** Interjections that end what a clause says: "married now lol still weird to say" is married, then a new thought. */
export const CLAUSE_ENDING_INTERJECTIONS = new Set(['lol', 'haha', 'hahaha', 'lmao', 'lmfao', 'omg', 'istg', 'fml', 'yay', 'oops', 'smh', 'rofl', 'ikr']);

/** Adverbs dropped from the verb group ("I've just moved" → "moved"); negations and frequency words are kept. */
export const DROPPED_ADVERBS = words('just really actually finally also honestly even totally absolutely recently now already literally basically kind sort of still');

/** Object pronouns: a statement about "it" or "them" names nothing a reader could check. */
export const VAGUE_OBJECTS = words('it this that these those them him her you me us one something anything everything nothing someone anyone everyone stuff things there here what how when why where whatever yourself');

/** Proper-noun-looking words that are dates, not names. */
export { CALENDAR_WORDS } from '../../../src-shared/calendar';

export const MODALS = words('will would could should might may must shall can ca wo');

/** Capitalised words after "I'm" that are not names: moods, answers, nationalities, languages, the heroes of a joke. */
export const NOT_NAMES = words(`
  batman superman spiderman groot spartacus sherlock tomorrow tonight anytime sometime whenever later soon crazy
  ok okay fine good great well sorry here there back home ready done sure glad happy tired busy free new alive dead team cross merry
  gutted hungover skint knackered trans nonbinary queer bi gay straight aries taurus gemini virgo libra scorpio
  sagittarius capricorn aquarius pisces
  english british american canadian australian irish scottish welsh french german spanish italian portuguese dutch
  swedish norwegian danish finnish polish russian ukrainian czech greek turkish chinese japanese korean indian
  pakistani mexican brazilian argentinian nigerian kenyan egyptian african european asian latino latina
  arab persian israeli filipino vietnamese thai indonesian catalan basque swiss austrian belgian hungarian romanian
`);

/** What people call each other in a chat ("i'm driving 90 mama"): after an object, said to the listener. */
export const ADDRESS_WORDS = words('mama mum mom mommy mummy dad daddy papa bro sis babe dude mate guys hun hon bestie fam');

/** Relations that are one person at a time: a new one replaces the last. */
export const PARTNERS = words('wife husband partner boyfriend girlfriend fiance fiancé fiancee fiancée');
/** A couple's news: "broke up", "split up" end it; "got married", "are engaged" make it. */
export const BREAK_UP_VERBS = words('broke broken split');
export const UNION_WORDS = words('married engaged');

/** Diets without meat, as said: "I went vegan", "I'm veggie" fill the diet slot (`S.diet`). */
export const MEATLESS: ReadonlySet<string> = new Set(['vegetarian', 'vegan', 'pescatarian', 'pescetarian', 'veggie', 'plant-based']);

/** The diets the slot holds, one name each: "veggie" is vegetarian, "plant-based" vegan. */
export type MeatlessDiet = 'vegetarian' | 'vegan' | 'pescatarian';
const DIET_NAMES: Readonly<Record<string, MeatlessDiet>> = {
  vegetarian: 'vegetarian',
  veggie: 'vegetarian',
  vegetarianism: 'vegetarian',
  vegan: 'vegan',
  veganism: 'vegan',
  'plant-based': 'vegan',
  pescatarian: 'pescatarian',
  pescetarian: 'pescatarian',
};

/** The diet without meat words name: "vegan", "plant based", "a vegan diet", "veganism", "veggie"; else null. */
export function meatlessDiet(words: string): MeatlessDiet | null {
  const diet = words.toLowerCase().replace(/^(?:a|an)\s+/, '').replace(/\s*-\s*|\s+/g, '-').replace(/-diet$/, '');
  return DIET_NAMES[diet] ?? null;
}

/** One slot per habit however it is named: "quit drinking", "gave up alcohol", "off the booze"; "the fags", "smoking". */
export const HABIT_NAMES = new Map([
  ...['drinking', 'drink', 'booze', 'alcohol', 'bevvies'].map((w) => [w, 'alcohol'] as const),
  ...['smoking', 'fags', 'fag', 'cigs', 'cig', 'ciggies', 'ciggie', 'cigarettes', 'cigarette', 'tobacco'].map((w) => [w, 'smoking'] as const),
  ...['vaping', 'vape', 'vapes'].map((w) => [w, 'vaping'] as const),
]);

/** Drinks that are no alcohol: a message that names one drinks it, not alcohol ("i love coffee, i drink like 4 a day"). */
export const OTHER_DRINKS = /\b(?:coffees?|teas?|water|smoothies?|juices?|milk|cokes?|pepsi|cola|energy drinks?|lattes?|espressos?|cappuccinos?|matcha|protein shakes?|shakes?|squash|lemonade|kombucha|decaf)\b/i;

/** Determiners that make a thing someone's: "my", "her", "ur"… */
export const POSSESSIVE_DETERMINERS = words("my your his her our their its ur");

/** What a firm is called: "a startup called fieldnote", "at a small agency named Brightwave". */
/** The last word of a place in a town, not a town: "oxford street", "camden market". */
export const STREET_WORDS = words('street st road rd lane ln avenue ave square sq park station centre center mall market way close crescent hill bridge');

export const FIRMS = words("company startup firm agency business place shop studio consultancy");

/** The states a US city is written with: "austin tx", "Portland, OR". */
export const US_STATES = new Set(
  'al ak az ar ca co ct de fl ga hi id il in ia ks ky la me md ma mi mn ms mo mt ne nv nh nj nm ny nc nd oh ok or pa ri sc sd tn tx ut vt va wa wv wi wy dc'.split(' '),
);
/** Last words only a firm's name has, in any case: "Ridgeline Analytics", "fenwick labs", "acme ltd". */
export const FIRM_ONLY_ENDINGS = words('analytics labs lab consulting partners technologies solutions software systems studios ventures ltd limited llc inc plc gmbh holdings');
/** An employer's, capitalised: also "Kestrel Consultancy", "Bright Studio", "Blue Agency" (in lower case "yoga studio" is a place). */
export const EMPLOYER_ENDINGS = new Set([...FIRM_ONLY_ENDINGS, 'consultancy', 'studio', 'agency']);
/** A firm's, though not always an employer's: also a provider's or a brand's ("Virgin Media", "Vanguard Group"). */
export const FIRM_ENDINGS = new Set([...EMPLOYER_ENDINGS, 'group', 'tech', 'media', 'digital', 'capital', 'industries', 'corp', 'corporation']);
/** A name whose last word is one of `endings` ("Fenwick Labs"), in any case. */
export const endsWithOneOf = (endings: ReadonlySet<string>): RegExp => new RegExp(`\\s(?:${[...endings].join('|')})$`, 'i');

/** Things eaten or drunk the tagger reads as verbs after "and": "I eat meat and fish" (not "I eat meat and cook"). */
export const FOODS_READ_AS_VERBS = words('fish toast milk water juice butter salt spice bread rice cheese sugar pasta wine beer');
/** Things done, not had, the tagger may read as nouns: "I eat lunch and sleep" lists no sleep eaten. */
export const DONE_NOT_HAD = words('sleep nap rest relax chill drive dance sing swim walk read write train shower work study smoke vape drink eat');

/** Words that may follow the last thing a habit lists, saying when or how often: "coffee and tea every morning", "daily". */
export const AFTER_HABIT_LIST = words('every each most daily weekly nightly everyday now anymore tho though lol too either');

/** Verbs of a habit: what one eats, drinks, smokes or vapes ("I don't eat meat or fish" denies both). */
export const HABIT_VERBS = words("eat drink smoke vape");
/** Whether a word is a habit verb in its base or third-person form ("drink", "drinks"). */
export const isHabitVerbWord = (word: string): boolean => HABIT_VERBS.has(word.toLowerCase().replace(/s$/, ''));

/**
 * Whether the words (lower case) name someone in the person's life or a thing of someone's: "my wife's cooking",
 * "the new boss", "her band". A fan of such is no taste of the speaker's.
 */
export const isSomeonesOwn = (said: readonly string[]): boolean =>
  POSSESSIVE_DETERMINERS.has(said[0] ?? '') || said.some((w) => /['’]s$/.test(w)) || RELATIONS.has(said.at(-1) ?? '');

/** What two do to each other: "my brother and i haven't spoken", "me and my mum fell out". */
export const RECIPROCAL_VERBS: ReadonlySet<string> = new Set(['speak', 'spoke', 'spoken', 'talk', 'talked', 'talking', 'fell', 'fallen', 'argue', 'argued', 'fight', 'fought', 'met', 'along']);

/** Apps people join and leave ("left twitter", "quit tiktok"): an app left is one no longer used, unless the message talks of work. */
export const SOCIAL_APPS = words('twitter tiktok instagram insta ig facebook fb snapchat snap reddit whatsapp bluesky threads youtube tinder hinge bumble linkedin discord twitch pinterest');
/** One slot per app however a chat names it: "quit insta" and "uninstalled instagram" are the same app. */
export const appSlotName = (app: string): string => ({ insta: 'instagram', ig: 'instagram', fb: 'facebook', snap: 'snapchat', yt: 'youtube' })[app] ?? app;

/** A chat's short names of family and partners after an owner ("my bf", "our sis"), read as the relation. */
export const SHORT_RELATIONS: Readonly<Record<string, string>> = {
  bf: 'boyfriend',
  gf: 'girlfriend',
  sis: 'sister',
  bro: 'brother',
  hubby: 'husband',
  wifey: 'wife',
  bestie: 'best friend',
  bff: 'best friend',
};

/** Who one loves, said before a job ("a lesbian nurse", "a gay teacher"): no part of the occupation. */
export const ORIENTATIONS = words('lesbian gay bi bisexual straight queer trans pansexual asexual');

/** A month as a chat writes it, full or short ("march", "sept", "dec"): a regex source, no groups. */
export const MONTH_NAME = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
