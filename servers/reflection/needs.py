"""What a task needs that only its words can tell, without a model.

Each rule names a need, when a task has it (``when``), when the task already answers it (``given``), and what
a fact that answers it looks like (``answer``); :mod:`servers.reflection.curiosity` then looks for such a
fact in memory and the user model before asking the user.

| need                 | a task has it when it …                                  | answered by a fact with …       |
|----------------------|----------------------------------------------------------|---------------------------------|
| ``reference:<noun>`` | names a person of the user's ("my manager", 我的导师,     | that noun (a thing: also its    |
|                      | "to the client", 给客户) or a thing of theirs the agent   | owner with a message verb)      |
|                      | cannot see ("Tom's email", "the NDA I signed", "send the |                                 |
|                      | slides", 王总的邮件, 上次那份合同, 发一下报价单, 把方案润色 |                                 |
|                      | 一下), or one had before and wanted again ("reorder my   |                                 |
|                      | running shoes", "the same pizza as last time")           |                                 |
| ``date_time``        | books or reserves anything, schedules, reminds, asks     | a date or weekday (one that     |
|                      | leave (请个假), moves or delays something (the new day), | recurs, though its payment is   |
|                      | leaves early or comes in late (the hour), pays late (晚几 | in the past tense)              |
|                      | 天交), gives notice or resigns (the last day), looks for |                                 |
|                      | a hotel (its nights), sets an out-of-office, looks up a  |                                 |
|                      | train or flight (查去成都的高铁), tells of a new date or  |                                 |
|                      | time ("the new rehearsal time"), with no date            |                                 |
| ``destination``      | is travel with no place (a weekend away, 出去玩 too, a   | a place ("in Lisbon", 去北京)   |
|                      | hotel or a train seat booked: 订酒店, 回老家的高铁票; a   |                                 |
|                      | flight looked for)                                       |                                 |
| ``destination``      | ships something (寄, "ship it to her") or orders or sends | an address (a home town is no   |
|                      | a present for someone, with no place                     | answer for a parcel)            |
| ``budget``           | buys, rents or hires something, a gift in any words      | an amount or "budget"/预算      |
|                      | ("what should I get my dad"), a flight, hotel or trip,   |                                 |
|                      | a gathering (年会, a party), a place to stay or eat      |                                 |
|                      | chosen for the user ("book a table", 订餐厅, "somewhere  |                                 |
|                      | nice to eat for …"), goods picked by their price range   |                                 |
|                      | ("recommend a laptop", 推荐一款耳机), or asks how much    |                                 |
|                      | the user can spend (能花多少)                             |                                 |
| ``recipient``        | sends something, or is a leave note, to nobody named     | an address or handle, "to       |
|                      | ("send nana the photos" names her)                       | <Name>", 交给…                  |
| ``deadline``         | speaks of "the deadline" without its date, or plans      | a date                          |
|                      | toward one (复习计划, "revision plan"), or is a          |                                 |
|                      | recommendation letter (written for its reader's date),   |                                 |
|                      | or is to be handed in soon (尽快交, "submit it asap")     |                                 |
| ``audience``         | writes a public piece or makes slides for no one named,  | "for <people>", readers         |
|                      | or a reference for someone (who weighs it: the employer) |                                 |
| ``length``           | writes a piece of no stated size (a toast, 推文 too), or | a number of words/pages/minutes |
|                      | makes one shorter or longer (缩短), or the words for a   |                                 |
|                      | display (展板, a poster, an exhibit label)               |                                 |
| ``judgement``        | asks for a taste or personal call ("does it look good",  | (only the user)                 |
|                      | "should I accept the offer?", "A or the B one?", 要不要, |                                 |
|                      | how something looks (a colour, 主题色), which of their   |                                 |
|                      | own jobs comes first (先修哪个), a reply that carries a   |                                 |
|                      | decision not given ("reply … about renewing the lease",  |                                 |
|                      | an invitation), 我该A还是B, "I should X, right?", a      |                                 |
|                      | course for the user's business ("should we start …"),    |                                 |
|                      | the user's own reasons ("why do you want …", 申请理由)   |                                 |
| ``action``           | needs the physical world or a closed system (sign, call) | (only the user)                 |
|                      | or the user's money: a request (not a question) to book, |                                 |
|                      | buy, order, pay or ship (订, 买, 下单, 寄); not the step |                                 |
|                      | of a reminder, nor a chat message only to be written;    |                                 |
|                      | offices and portals in their name (去银行, "renew my     |                                 |
|                      | passport"), goods sent back, chores at home ("water my   |                                 |
|                      | plants", 遛狗; not a reminder of one), tickets got for    |                                 |
|                      | the user, money moved (转三千块, "venmo $45"), things      |                                 |
|                      | taken somewhere (把车开去4S店, "take my dog to the vet"), |                                 |
|                      | errands ("pick me up some milk", "on your way"), an      |                                 |
|                      | appointment made ("make an appointment with my GP"), a   |                                 |
|                      | place gone into in the user's stead (帮我去邮局问问)       |                                 |
| ``lookup``           | asks a plain question of fact: the agent can look it up  | (the agent)                     |

Also: a table booked for a day needs its hour (``date_time``), a party or recital moved its new day, a playlist
how long it plays (``length``), an introduction of oneself (自我介绍) who hears it (``audience``), how far an event
of the user's is its place (``destination``), a gas or water leak fixed or things loaded back onto a van hands
(``action``); "is it ok to sign?" asks whether, no step.

A fact answers a need only if it is also about the task: it shares a content word with it, or both are about
one everyday topic (:data:`TOPICS`: travel, time off): "Travel budget is 800 euros" answers the budget of a
flight, "下周三要去医院复查，得请一天假" the date of a leave note.

The rules read requests as people type them: a person or thing "of the user's" is named by a possessive, a
definite article with a relative clause or a past occasion, or is the bare object of a verb that hands it on;
a thing the task shows itself ("this contract", 这篇文章) is no gap.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

IC = re.IGNORECASE
_PEOPLE = (
    "manager|boss|lawyer|dentist|doctor|landlord|landlady|wife|husband|partner|sister|brother|mother|father|mom|"
    "dad|advisor|adviser|supervisor|accountant|assistant|teacher|professor|coach|therapist|agent|editor|client|owner|"
    "dean|principal|mentor|tutor|recruiter|colleague|coworker|vet|aunt|uncle|grandma|grandpa|grandmother|"
    "grandfather|cousin|niece|nephew|fiance|fiancee|girlfriend|boyfriend|investor|supplier|vendor|roommate|flatmate|neighbor|neighbour|nanny|babysitter|"
    "contractor|plumber|preceptor|vp|hr|realtor|broker|caseworker|co-founder|cofounder|founder|business partner|"
    "intern|mentee|student|employee"
)
_ZH_PEOPLE = (
    "导师|老板|经理|律师|医生|牙医|房东|老师|妻子|丈夫|老公|老婆|客户|同事|上司|领导|教授|妈妈|爸爸|会计|班主任|辅导员|"
    "物业|中介|主管|组长|校长|园长|室友|邻居|HR|hr|面试官|投资人|婆婆|公公|岳父|岳母|丈母娘|奶奶|爷爷|外婆|外公|姥姥|姥爷|"
    "姑姑|舅舅|阿姨|叔叔|哥哥|姐姐|弟弟|妹妹|"
    # people at work by their title (护士长, 科长, 店长)
    "护士长|科长|处长|院长|主任|店长|部长|厂长|队长|站长|所长|行长|经理|"
    # one of a shop's many customers: which one, and how to reach them (给客人发个消息)
    "客人|顾客"
)
REFERENCE = re.compile(
    # the user's own, or one of theirs' ("my kid's teacher", "my son's coach")
    rf"\b(?:my|our)\s+(?:\w+['’]s\s+)?({_PEOPLE})\b|我的({_ZH_PEOPLE})"
    # kin said without 的 (发给我妹妹, 我老公): as 我的妹妹
    r"|我(妈妈|爸爸|老公|老婆|妻子|丈夫|哥哥|姐姐|弟弟|妹妹|奶奶|爷爷|外婆|外公|姥姥|姥爷|姑姑|舅舅|阿姨|叔叔|婆婆|公公|"
    r"岳父|岳母|丈母娘)",
    IC,
)
# A person of the user's named by role alone, as the one a message goes to: "send it to the client", 给客户发.
PERSON_BY_ROLE = re.compile(
    rf"\b(?:to|tell|ask|email|e-mail|message|text|cc|remind|with|reply to|write to|respond to|let|inform|update|"
    rf"notify|warn)\s+the\s+"
    rf"({_PEOPLE})\b(?!'s)"
    rf"|(?:给|跟|向|通知|告诉|问问?)(?:一下)?(?:对方的?)?({_ZH_PEOPLE})"
    # one answered, pointed at as "that one" (回复一下那个房东): which of them, and how to reach them
    # (or one of the many an account deals with: 回一下那个买家, 那个观众的私信)
    rf"|(?:回复|答复|回)(?:一下)?(?:那个|那位|这个|这位)({_ZH_PEOPLE}|观众|听众|粉丝|网友|买家|卖家|租客|学员)"
    # an English role in a Chinese request: 给 manager 发, 跟 landlord 说
    rf"|(?:给|跟|向|通知|告诉|问问?|问下)(?:一下)?\s*(?:我的\s*)?(?-i:({_PEOPLE}))\b",
    IC,
)
# Things of the user's the agent cannot see unless memory holds them: messages, documents, files.
_DOCS = (
    "emails?|e-mails?|mails?|messages?|texts?|letters?|slides|slide deck|deck|presentation|reports?|documents?|docs?|"
    "files?|contracts?|nda|agreements?|invoices?|quotes?|quotation|proposals?|cv|resume|photos?|pictures?|"
    "spreadsheets?|pdf|forms?|receipts?|memo|minutes|notes|attachments?|screenshots?|voicemail|offers?|"
    # clips and recordings, as photos are
    "videos?|vids|clips|recordings?|"
    "mortgage|loans?|salary|payslips?|paychecks?|pension|bank statements?|lease|tax returns?|transcripts?|"
    "insurance polic(?:y|ies)|bio|biography|"
    # what the user wrote or keeps, named by what it is: "my answer to the review", "the menu", "the chapter"
    "answers?|repl(?:y|ies)|responses?|menus?|chapters?|manuscript|"
    # a plan of days the user keeps: "send the schedule", "forward them the rota"
    "schedules?|rotas?|timetables?|itinerar(?:y|ies)"
)
_ZH_DOCS = (
    "邮件|消息|短信|文件|文档|合同|协议|报告|报价单|报价|发票|简历|照片|图片|表格|幻灯片|PPT|ppt|方案|材料|资料|截图|申请表|"
    "通知|附件|收据|联系方式|名片"
)
# What a user applies for, rents or enrols in: which one only they know when they say it by what they do about it.
_PURSUED = "job|position|role|posting|opening|vacancy|internship|apartment|flat|house|program(?:me)?|course|grant"
# "Tom's email", "my boss's message", 王总的邮件, 我的简历: owned, so not the agent's to guess.
OWNED_THING = re.compile(
    rf"(?:\b(?-i:[A-Z][a-z]+)|\b(?:my|our)\s+\w+|\bthe\s+\w+)['’]s\s+({_DOCS})\b|\b(?:my|our)\s+({_DOCS})\b"
    rf"|([\u4e00-\u9fff]{{1,4}}?|(?<![A-Za-z])[A-Za-z][A-Za-z.]{{1,15}})的"  # 王总的, HR的, Tom的
    # its kind may come first (小李的体检报告, 老板的出差申请表): the compound is the thing
    rf"(?:[\u4e00-\u9fff]{{1,2}}?(?=(?:{_ZH_DOCS})))?({_ZH_DOCS})",
    IC,
)
# "the NDA I signed last time", "the slides from Monday", 上次那份合同, 之前发的报价单: a past one, unnamed.
PAST_THING = re.compile(
    rf"\bthe\s+({_DOCS})\s+(?:(?:I|we|you|he|she|they)(?:['’](?:m|re|ve|d))?\s+\w+|from\s+(?:last|the|yesterday|this|our|"
    rf"my|\w+day|(?-i:[A-Z])\w+))\b"
    # a job, a flat, a course of the user's, said by what they are doing about it ("the job I'm applying to")
    rf"|\bthe\s+({_PURSUED})\s+(?:I|we)(?:['’](?:m|re|ve))?\s+(?:am\s+|are\s+|was\s+|were\s+|have\s+)?"
    r"(?:applying|applied|interviewing|interviewed|looking|looked|renting|viewing|viewed|bidding|enrolling|enrolled)\b"
    rf"|\b(?:last|that|those)\s+({_DOCS})\b"
    # said about the user by others, pointed at ("that 2-star review", "those angry comments"): which one
    r"|\b(?:that|those)\s+(?:(?!(?:the|a|an|my|our|your|his|her|their|it|this|i|we|you|he|she|they|is|was|are)\b)"
    r"[\w-]+\s+){0,2}?(reviews?|comments?|complaints?)\b"
    # one said by its subject and then worked on as "it" ("the essay on Dad's garden. Can you polish it?")
    rf"|\bthe\s+({_DOCS})\s+(?:about|on)\s+[^.?!]{{1,40}}[.?!,]?\s*(?:(?:can|could|would|will)\s+you\s+|please\s+|pls\s+)?"
    r"(?:tidy|polish|edit|proofread|clean|tighten|fix|shorten|improve|go over|look over)\s+(?:it|this)\b"
    rf"|(?:上次|上回|之前|昨天|前天|上周|上个月|刚才|那份|那个|那封|那张|那篇|那几)[^，。,.！？\s]{{0,6}}?({_ZH_DOCS})",
    IC,
)
# Someone met before, said by when ("the client from last week", 上次那个客人): which one only the user knows.
PAST_PERSON = re.compile(
    r"\b(?:the|that)\s+(customer|client|patient|guest|buyer|tenant)\s+from\s+(?:last|yesterday|earlier|this morning)\b"
    rf"|(?:上次|上回|之前|昨天|前天|上周|刚才)(?:来的)?(?:那个|那位)?({_ZH_PEOPLE})"
)
# Handed on with a bare "the": "send the slides", "forward him the invoice", 发一下报价单 (not "this report").
HANDED_THING = re.compile(
    rf"\b(?:send|forward|share|attach|translate|print|upload|submit|resend|polish|proofread|edit|revise|email|e-mail)\s+"
    # handed to someone named as typed in chat ("send Ama the photos", "forward jess the invoice")
    rf"(?:(?:me|him|her|them|us|(?!the\b|it\b|this\b|that\b)[a-z]+)\s+)?the\s+"
    # (发邮件, 发消息 is writing one, not handing on one of the user's)
    rf"({_DOCS})\b"
    # made shorter or longer: the one the user has ("make the slides shorter", "make the proposal a bit longer")
    rf"|\bmake\s+the\s+({_DOCS})\s+(?=(?:a\s+(?:bit|little)\s+|much\s+)?(?:shorter|longer)\b)"
    rf"|(?:发(?!(?:一下|给我)?(?:邮件|消息|短信|通知))|转发|回|回复|翻译|打印|上传|提交)(?:一下|给我)?({_ZH_DOCS})"
    # put first with 把 and worked on or handed on, in the user's own request: 帮我把方案润色一下, 把合同翻成英文,
    # 把报价单发给客户 (not 把这份报告…,
    # which the task shows, nor "你赶紧把文件发我" quoted for rewording)
    rf"|(?:^|(?<=[，。,.！？\s])|(?<=帮我)|(?<=请)|(?<=麻烦))把[^，。,.！？\s这此那该本]{{0,6}}?({_ZH_DOCS})(?:润色|修改|改一?下|改改|校对|检查|翻译|翻成|打印|整理|精简|发给|转给|发到|转发给)",
    IC,
)
# Bought or booked before, to be had again: which one only the user's order history says ("reorder my running
# shoes, same pair as last time", "book the same room as last year").
REPEAT_THING = re.compile(
    r"\b(?:reorder|re-order|rebuy|re-buy|rebook|re-book|order|buy|book|get)\s+(?:me\s+)?(?:my|our|the)\s+"
    r"((?:(?!same\b|again\b|as\b|from\b|for\b|like\b|that\b|this\b)[a-z][a-z-]*\s*){1,3}?)"
    r"(?=\s*(?:[,.;]|again\b|(?:the\s+)?same\b|like (?:last|before)\b|as (?:last|before)\b|from last\b|$))"
    # "the same pizza as last time", "the hotel we stayed at last year"
    r"|\bthe same\s+((?:(?!as\b|like\b)[a-z][a-z-]*\s*){1,2}?)\s*(?=\b(?:as|like)\s+(?:last|before)\b)"
    r"|\bthe\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+(?:we|I)\s+(?:stayed at|stayed in|had|ordered|bought|used|booked|"
    r"got|went to|rented)\b(?=.*\b(?:last|before)\b)",
    IC,
)
REPEAT_CUE = re.compile(
    r"\b(?:again|same|last time|as before|like before|re-?order|re-?buy|re-?book)\b",
    IC,
)


# The user's own money matters, which only their bank or payslip shows: 算下这个月房贷还了多少本金, "how much of my
# salary …". A bare Chinese noun is the user's own; asked only when the task wants a figure from it.
_ZH_FINANCE = "房贷|车贷|贷款|工资|公积金|社保|信用卡|存款|个税|养老金|医保"
OWN_MONEY = re.compile(
    rf"(?:算|查|还了|交了|扣了|多少|剩|余额).{{0,12}}?({_ZH_FINANCE})|({_ZH_FINANCE}).{{0,12}}?(?:多少|还了|交了|扣了|余额)"
)
# The user's own books gone over (把上个月的账对一下, 算算这个月的账, 把去年的流水核对一下): kept where only they
# can see them, so which ledger or statement is theirs to point to.
OWN_BOOKS = re.compile(
    r"(账目|账本|流水|(?<![算对查结付转记赖欠])账)(?:[给帮]我)?(?:算|对|核|查|理|整理|盘|过一遍)"
    r"|(?:算|对|核对|查|理|盘)(?:算|一算|一下|一遍)?(?:这个月|上个月|本月|上月|今年|去年|这季度|上季度|这周|上周)的?"
    r"(账目|账本|流水|账)"
)
# People pointed at as "these two" or "those three" the task never names ("which of these two donors …"): who they
# are only the user knows.
_PEOPLE_PLURAL = (
    "donors|sponsors|candidates|applicants|bidders|buyers|tenants|volunteers|clients|customers|suppliers|vendors|"
    "contractors|agents|tutors|coaches|doctors|lawyers|builders|plumbers|nannies|babysitters|investors|students"
)
POINTED_PEOPLE = re.compile(rf"\b(?:these|those)\s+(?:two|three|four|five|few|\d+)\s+({_PEOPLE_PLURAL})\b", IC)
# Someone called out to the premises by their trade ("get the gas engineer round", "have the locksmith over"): which
# one, and how to reach them, only the user knows.
CALLED_OUT = re.compile(
    r"\b(?:get|have|book)\s+(?:the|a|an)\s+((?:[a-z-]+\s+)?(?:inspector|plumber|electrician|builder|surveyor|engineer|"
    r"technician|exterminator|locksmith|roofer|glazier|joiner|carpenter|decorator|assessor|valuer))\s+"
    r"(?:round|over|in|out)\b",
    IC,
)
# A person known to the user by surname and title only (李老师, 王总, 张医生): who they are and how to reach them.
_SURNAMES = (
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔"
    "钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
)
TITLED_PERSON = re.compile(
    rf"(?:(?<![\u4e00-\u9fff])|(?<=[给跟向和与问找回下了请诉到把被让对]))"
    rf"(?!(?<=对)方)"  # 对方律师 is the other side's lawyer, not a lawyer surnamed 方
    rf"([{_SURNAMES}](?:老师|总(?![额数量体结共计部统之而值价])|经理|医生|主任|教授|律师|师傅|老板|校长|院长))"
)
# Chinese nouns run together: 保密协议, 劳动合同 are the thing meant, not just 协议 or 合同. Characters that end a
# compound's head (particles, measure words, verbs that hand things on) are not part of it.
_NOT_IN_NOUN = frozenset("的了把给和与跟那这此该份个封张篇些下一两上次签发回翻译写看改帮我你他她们请将")
_PEOPLE_WORDS = frozenset(p.lower() for p in f"{_PEOPLE}|{_ZH_PEOPLE}".split("|"))
_MESSAGE_VERB = re.compile(r"\b(?:wrote|writes|said|says|sent|asked|asks|emailed|replied|texted)\b|写|说|发|问", IC)


@dataclass(frozen=True)
class Reference:
    noun: str  # as the task says it, lower-cased: "manager", "email", 合同
    person: bool
    owner: str | None = None  # "Tom" of "Tom's email"


def _owner(text: str) -> str | None:
    lead = r"^(?:my|our|the)\s+|^(?:帮我|请|给我)?(?:回一下|回复|回|看看|看一下|把)?"
    text = re.sub(lead, "", text.strip(), flags=IC)
    return text or None


def references(task: str) -> list[Reference]:
    """People and things of the user's the task names, in the order it names them, each once."""
    found: dict[str, tuple[int, Reference]] = {}

    def add(at: int, noun: str, person: bool, owner: str | None = None) -> None:
        noun = noun.lower()
        if noun not in found:
            found[noun] = (at, Reference(noun, person, owner))

    for m in REFERENCE.finditer(task):
        add(m.start(), next(g for g in m.groups() if g), True)
    for m in PERSON_BY_ROLE.finditer(task):
        add(m.start(), next(g for g in m.groups() if g), True)
    owners: set[str] = set()
    for m in OWNED_THING.finditer(task):
        if m.group(2) and _being_written(task, m.start()):
            continue  # "write my bio": the task makes it, there is none of the user's to point to yet
        if re.match(r"\s*[:：]", task[m.end() :]):
            continue  # "check my reply: …": the task shows it after the colon
        if m.group(1) or m.group(2):
            owner = m.group(0).rsplit("'", 1)[0] if m.group(1) else None
            add(m.start(), m.group(1) or m.group(2), False, _owner(owner) if owner else None)
        elif m.group(3) is not None and not _written_or_addressed(task, m.start(3), m.group(3)):
            add(m.start(), _compound(task, m.start(4), m.group(4)), False, _owner(m.group(3)))
            owners.add(m.group(3))
    for pattern in (PAST_THING, HANDED_THING):
        for m in pattern.finditer(task):
            if pattern is HANDED_THING and _reply_to_someone(task, m):
                continue
            at = next(i for i in range(1, len(m.groups()) + 1) if m.group(i))
            noun = m.group(at)
            add(m.start(), _compound(task, m.start(at), noun) if _CJK_NOUN.match(noun) else noun, False)
    for m in REPEAT_THING.finditer(task) if REPEAT_CUE.search(task) else ():
        noun = next(g for g in m.groups() if g).strip()
        add(m.start(), re.sub(r"^(?:usual|regular|favou?rite)\s+", "", noun, flags=IC), False)
    if not AMOUNT.search(task):  # the user gave the figures (贷款100万，30年): nothing of theirs to look up
        for m in OWN_MONEY.finditer(task):
            add(m.start(), m.group(1) or m.group(2), False)
    for m in OWN_BOOKS.finditer(task):
        add(m.start(), m.group(1) or m.group(2), False)
    for m in POINTED_PEOPLE.finditer(task):
        add(m.start(), m.group(1), True)
    for m in CALLED_OUT.finditer(task):
        add(m.start(), m.group(1), True)
    for m in PAST_PERSON.finditer(task):
        add(m.start(), m.group(1) or m.group(2), True)
    for m in TITLED_PERSON.finditer(task):
        if not any(m.group(1) in owner for owner in owners):  # 王总的邮件: asked once, as the message of theirs
            add(m.start(), m.group(1), True)
    return [ref for _, ref in sorted(found.values(), key=lambda x: x[0])]


_CJK_NOUN = re.compile(r"[\u4e00-\u9fff]")
# A reply addressed to someone (给王总回个消息, 跟房东回条短信): the message is the reply the task writes.
_TO_SOMEONE = re.compile(r"[给跟向][^，。,.！？\s]{1,8}$")
_REPLY_WORDS = re.compile(r"回(?:复)?(?:一下|个|条|封)?(?:消息|短信|邮件|信息)$")


def _reply_to_someone(task: str, m: re.Match[str]) -> bool:
    """The handed-on thing is a reply the task writes to someone it names, not a message of theirs to point to."""
    return bool(_REPLY_WORDS.search(m.group(0)) and _TO_SOMEONE.search(task[: m.start()]))


def _compound(task: str, start: int, noun: str) -> str:
    """The Chinese noun with the (at most two) characters run together before it: 保密协议, not 协议."""
    head = start
    while head > 0 and start - head < 2 and _CJK_NOUN.match(task[head - 1]) and task[head - 1] not in _NOT_IN_NOUN:
        head -= 1
    return task[head:start] + noun


def _written_or_addressed(task: str, at: int, owner: str) -> bool:
    """给家长的通知 is a notice to parents, 写个…通知 one to write, 这份报告 one the task shows: none is a thing of the
    user's to ask about."""
    if re.search(r"[这此本该]", owner) or re.match(r"[给致对向]", owner):
        return True
    return bool(re.search(r"(?:写|起草|拟|草拟|编)[一个份封篇张]?$", task[max(0, at - 4) : at]))


# Writing a piece of the user's is making it: "write my bio", "draft our newsletter" (not "fix my bio").
_WRITING_IT = re.compile(r"\b(?:write|draft|compose|create|prepare|put together)\s+(?:up\s+)?(?:me\s+)?$", IC)


def _being_written(task: str, at: int) -> bool:
    """The owned thing starting at ``at`` is the object of a verb of writing it."""
    return bool(_WRITING_IT.search(task[:at]))


# A person said by the relation instead of the role: "I report to Karen" is who the manager is.
_RELATION = {
    **dict.fromkeys(
        ("manager", "boss", "supervisor"),
        r"\bI (?:report|answer) to\b|\bline manager\b|\bmy lead is\b|我汇报给|直属领导",
    ),
    **dict.fromkeys(("partner",), r"\bmarried to\b|\bspouse\b|爱人"),
    # a spouse in the other register: 我老婆 is who "妻子：林芳" is, "my hubby" who "husband: Tom" is
    **dict.fromkeys(("wife", "老婆", "妻子"), r"\bmarried to\b|\bspouse\b|\bwife\b|爱人|妻子|老婆|太太|媳妇"),
    **dict.fromkeys(("husband", "老公", "丈夫"), r"\bmarried to\b|\bspouse\b|\bhusband\b|爱人|丈夫|老公"),
    **dict.fromkeys(
        ("landlord", "landlady", "房东"), r"\brent (?:goes|is paid) to\b|\bowns the (?:flat|apartment|house)\b|房租交给"
    ),
    # a parent or grandparent in the other register: "my mom" is who "Sam's mother" is
    **dict.fromkeys(("mom", "mother", "妈妈"), r"\b(?:mother|mom|mum|mommy|mummy|mama)(?:['’]s)?\b|母亲|妈妈|老妈"),
    **dict.fromkeys(("dad", "father", "爸爸"), r"\b(?:father|dad|daddy|papa)(?:['’]s)?\b|父亲|爸爸|老爸"),
    **dict.fromkeys(("grandma", "grandmother"), r"\b(?:grandmother|grandma|granny|gran|nana)(?:['’]s)?\b"),
    **dict.fromkeys(("grandpa", "grandfather"), r"\b(?:grandfather|grandpa|grandad|granddad)(?:['’]s)?\b"),
}


def holds_reference(ref: Reference, fact: str) -> bool:
    """A fact that says who the person is or which thing is meant: it names the noun (or the relation that makes
    someone it: "I report to …"), or (a message) its owner and what they wrote."""
    low = fact.lower()
    if ref.noun in low or _singular_phrase(ref.noun) in low:
        return True
    if ref.person and (relation := _RELATION.get(ref.noun)) and re.search(relation, fact, IC):
        return True
    return bool(ref.owner and ref.owner.lower() in low and _MESSAGE_VERB.search(fact))


def _singular_phrase(noun: str) -> str:
    """A plural thing as a fact names it before another noun: "brake pads" in "the last brake pad order"."""
    return re.sub(r"(?<=[a-z]{3})s$", "", noun) if not noun.endswith(("ss", "us", "is")) else noun


def is_person(noun: str) -> bool:
    # someone known by surname and title (李老师, 王师傅) is a person as much as a role is
    return noun.lower() in _PEOPLE_WORDS or bool(TITLED_PERSON.fullmatch(noun))


_MONTH = r"jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec"
# A day one can book or write down ("Thursday", "the 15th", 下周三, 8月31日). A stretch of time ("next week",
# 下周, "this weekend") says when roughly but not which day, and a booking, a day off or a new date needs the day.
DAY = re.compile(
    rf"\b\d{{1,2}}(?:\s*[-–]\s*\d{{1,2}})?\s+(?:{_MONTH})[a-z]*\b|\b(?:{_MONTH})[a-z]*\s+\d{{1,2}}\b|\b\d{{4}}-\d{{2}}-\d{{2}}\b"
    r"|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|\b(?:today|tonight|tomorrow|at \d{1,2}(?::\d{2})?\s*(?:am|pm)?)\b"
    # typed short: "next fri", "sat morning", "tmrw" (a bare "sun" or "sat" is a word, not a day)
    r"|\b(?:next|this|on|by|until|till|coming)\s+(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)\b"
    r"|\b(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)\s+(?:morning|afternoon|evening|night|am|pm)\b"
    r"|\b(?:tmrw|tmr|tmrow|2moro|2morrow|tomoz)\b"
    r"|\bthe\s+\d{1,2}(?:st|nd|rd|th)\b|\d+月\d*[日号]?|\d+[日号]|[明后今]天|(?:星期|礼拜)[一二三四五六日天]|周[一二三四五六日]",
    IC,
)
PERIOD = re.compile(
    r"\b(?:next week|this week|next month|this month|this weekend)\b|下周|本周|这周|周末|下个月"
    r"|(?:下个?|这个?|本)(?:礼拜|星期)(?![一二三四五六日天])",
    IC,
)
DATE = re.compile(f"{DAY.pattern}|{PERIOD.pattern}", IC)  # a deadline or a trip's month: a stretch will do
# A time of day: a notice of a meeting says when on the day ("3pm", 下午三点).
HOUR = re.compile(
    r"\b\d{1,2}(?::\d{2})?\s*(?:am|pm)\b|\b\d{1,2}:\d{2}\b|\b(?:noon|morning|afternoon|evening)\b"
    r"|[上下中晚早]午|晚上|早上|[\d一二三四五六七八九十]+点",
    IC,
)
# How much later: "two weeks", 两周, "3 days" answer "to when?" for a postponement.
LATER_BY = re.compile(
    r"\b(?:\d+|a|one|two|three|four)\s+(?:more\s+)?(?:days?|weeks?|months?)\b"
    r"|[\d一两二三四五六七八九十]+\s*(?:天|周|个星期|个月)",  # "a few days", 几天: how many is the question
    IC,
)
AMOUNT = re.compile(
    r"[$€£¥]\s?\d|\b\d[\d,.]*\s*(?:dollars?|euros?|pounds?|usd|eur|rmb|yuan|k)\b|\d+\s*(?:元|块|万)", IC
)
MONEY = re.compile(f"{AMOUNT.pattern}|\\bbudget\\b|预算", IC)
PLACE = re.compile(
    # 去北京 names a place; 出去玩, 去哪 do not
    # (去那边, 到这里 point at a place without naming it)
    r"\b(?:to|in|at)\s+(?!the\b)[A-Z][a-z]+|(?<!出)去(?![玩哪吃看买逛那这])[\u4e00-\u9fff]{2,}|到(?![那这哪])[\u4e00-\u9fff]{2,}"
    r"|在(?![那这哪])[\u4e00-\u9fff]{2,}"
    # a place said as a label and its name: "Trip: Kyoto, 3-7 March", 目的地：成都
    r"|\b(?i:trip|destination|city|location|venue|place)\s*[:：]\s*[A-Z\u4e00-\u9fff]|(?:地点|目的地)\s*[:：]"
    r"|(?:去|到|飞)\s*[A-Z][a-z]+"  # a place in Latin letters in a Chinese request: 去 Tokyo
    r"|(?:→|⇒|->)\s*[A-Z\u4e00-\u9fff]"  # a route written with an arrow: 景德镇北→上海虹桥, Leeds -> York
    # a city typed in lower case after the ride there ("a cheap flight to lisbon"), not a verb or a pointer
    r"|(?i:\b(?:flights?|fly(?:ing)?|trains?|bus|coach|ferry|tickets?)\s+to\s+)(?!(?i:the|a|an|my|our|your|his|"
    r"her|their|get|go|see|visit|meet|catch|make|be|do|take|attend|somewhere|anywhere|wherever|work|school|home|"
    r"town|bed)\b)[a-z]{3,}\b"
)
# A postal address: a number and a street, a postcode, or one said as an address (住址, 邮编).
ADDRESS = re.compile(
    r"\b\d+[A-Za-z]?,?\s+(?:[A-Z][\w'-]*\s+){1,3}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Drive|Dr|Close|Way|Court|"
    r"Ct|Place|Pl|Crescent|Terrace|Boulevard|Blvd|Grove|Gardens|Row|Square)\b|\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b|"
    r"\b[A-Z]{2}\s+\d{5}\b|(?i:\b(?:home|postal|street|delivery|shipping|mailing)\s+address\b|\baddress\s*(?:is\b|[:：]))|"
    # a number before the street's kind, as in Portugal, Spain, France or Italy ("14 Rua das Flores", "7 Calle
    # Mayor"), or a house number someone lives at ("lives at 22 …")
    r"\b\d+[A-Za-z]?,?\s+(?:Rua|Rue|Calle|Carrer|Via|Viale|Avenida|Avda|Piazza|Plaza|Pra[çc]a|Largo|Travessa|Chemin|"
    r"All[ée]e|Strada)\s+\w|\b(?:lives?|living|based|staying|stays)\s+at\s+(?:no\.?\s*)?\d+|"
    r"地址|邮编|[\u4e00-\u9fff]{1,10}(?:路|街|巷|弄)\d+号|\d+号楼|小区|"
    # a shop or a tradesperson known by the street they are on, without a number ("the cobbler on Mill Road",
    # 长乐路的陈师傅)
    r"\bon\s+(?:[A-Z][\w'-]*\s+){1,3}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Way|Crescent|Terrace|Boulevard|Blvd)\b|"
    r"[\u4e00-\u9fff]{2,8}(?:路|街|巷|弄|胡同)上?(?:的|那家)[\u4e00-\u9fff]{0,6}?"
    r"(?:师傅|店|铺|馆|厂|医院|诊所|公司|工作室)"
)
EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+")
# A handle on a social or chat account ("IG @rosa.ink"): a way to reach someone, as an address is.
HANDLE = r"(?<![\w.@])@[A-Za-z0-9_][\w.]{1,29}"
# A person's card in memory: a role, a colon, a capitalised name, and a way to reach them said in words.
CONTACT_CARD = (
    r"^[^:：]{1,40}[:：]\s*(?-i:[A-Z][a-z]+)\b[^.]*?\b(?:e-?mail|phone|mobile|cell|whatsapp|wechat|telegram|signal|"
    r"sms|in (?:my |the )?contacts)\b"
)
# (a size in sentences too: "two sentences max", 三句话)
SIZE = re.compile(
    r"\b\d+\s*-?\s*(?:words?|pages?|minutes?|mins?|paragraphs?|characters?|slides?|sentences?)\b|\d+\s*[字页分钟句]"
    r"|[一二两三四五六七八九十百千半]+\s*(?:个)?(?:字|页|分钟|句话)"
    r"|\b(?:one|two|three|four|five|ten|half a)[\s-]+(?:pages?|paragraphs?|minutes?|slides?|sentences?)\b"
    r"|\b(?:under|about|at most)\s+\d+"
    # a cap said as typed: "10 max", "200 tops", "max 5"
    r"|\b\d+\s*(?:max|maximum|tops|or (?:less|fewer))\b|\bmax(?:imum)?\s+(?:of\s+)?\d+\b",
    IC,
)
AUDIENCE = re.compile(
    r"\bfor\s+(?:our\s+|the\s+|new\s+|non-technical\s+)?(?:users|developers|engineers|customers|clients|beginners|"
    r"students|kids|children|managers|executives|readers|investors|everyone|experts|newcomers|developer)\b|"
    # a group of people it is for or goes to: "for the board", "goes to about 2,000 parents", named by when or what
    # it is ("for tuesday's scout group", "to the year 9 class")
    r"\b(?:for|to)\s+(?:the\s+|our\s+|my\s+|all\s+|(?:about|around|over|some)\s+)?(?:[\d,]+\s+)?"
    r"(?:[\w'’-]+\s+){0,2}?(?:board|committee|"
    r"parents|families|members|subscribers|staff|employees|team|patients|followers|community|public|teachers|"
    r"class|group|new hires|stakeholders|leadership|partners|donors|volunteers|residents|alumni|shareholders|"
    # people named by what they belong to or do ("for the year-6 kids", "for the scout troop's children")
    r"kids|children|pupils|students|trainees|apprentices|beginners|newcomers|learners|recruits)\b|"
    r"\b(?:goes|go|sent|read)\s+(?:out\s+)?to\b|\bread by\b|"
    r"\baudience\b|\breaders?\b|给(?:读者|用户|学生|客户)|读者|受众|"
    # the group a talk is given to: "giving the briefing to the new trainee nurses", "presenting to the sales reps"
    r"\b(?:giv(?:e|es|ing)|present(?:s|ing)?|speak(?:s|ing)?|teach(?:es|ing)?)\b[^.;]{0,40}?\bto\s+(?:the|our|all|some)\s+"
    r"(?:[\w-]+\s+){0,3}?[\w-]+s\b",
    IC,
)
# Who comes, said in memory as a head count of people ("~40 pupils plus families", "about 120 visitors"): the room
# the piece is for.
ATTENDANCE = re.compile(
    rf"{AUDIENCE.pattern}|~?\b\d+\s+(?:\w+\s+)?(?:guests|people|attendees|visitors|students|pupils|families|kids|"
    r"children|parents|members|alunos|participants)\b|\b(?:plus|and|with)\s+(?:their\s+)?families\b|"
    # people said by their age ("kids aged 10 to 14", "ages 8-12", 6到9岁的孩子)
    r"\b[a-z]+s\s+(?:aged|ages)\s+\d+|\baged\s+\d+\s*(?:-|–|to)\s*\d+|\d+\s*(?:到|至|-|~)\s*\d+\s*岁|"
    # who a talk is for, said as its object or its listeners (讲座的对象是…, 听众是…)
    r"(?:讲座|演讲|讲课|课程|培训|活动|分享|宣讲|发言)的?(?:对象|听众)|听众(?:是|为|[:：])",
    IC,
)
# An occasion a piece is spoken at names its room: the guests of a wedding, the mourners at a funeral, the
# colleagues at a retirement do ("a speech for my daughter's wedding", 婚礼上的致辞).
OCCASION = (
    r"\b(?:for|at)\s+(?:(?:my|our|the|his|her|their|a|an)\s+)?(?:[\w'’-]+\s+){0,2}?(?:wedding|funeral|memorial|"
    r"retirement|leaving do|send-off|christening|baptism|bar mitzvah|bat mitzvah|graduation|prize-?giving|"
    r"awards? (?:night|dinner|ceremony)|birthday party|anniversary party|engagement party)\b|"
    r"婚礼|葬礼|追悼会|告别仪式|退休|欢送会|寿宴|生日宴|满月酒|毕业典礼|颁奖典礼"
)
# Writing a public piece, not reading one: "summarise this article" needs no audience of its own.
WRITE_PIECE = re.compile(
    r"\b(?:write|draft|prepare|compose)\b.*\b(?:blog post|article|newsletter|talk|abstract|speech|presentation|essay|"
    r"tutorial|explainer|primer|guide|overview)\b|[写撰].*(?:文章|演讲稿|博客|演讲(?!比赛))|"
    # slides and talks are made, not written
    # ("make the slides shorter" resizes slides the user has: no new piece)
    r"\b(?:make|create|put together|build)\b.*\b(?:presentation|slides|slide deck|deck|talk|workshop)\b"
    r"(?!\s+(?:a\s+(?:bit|little)\s+|much\s+|way\s+)?(?:shorter|longer|tighter|briefer|smaller))|"
    r"(?:做|准备)(?:一个|个|一份|份)?.{0,20}(?:PPT|ppt|幻灯片|演示文稿|讲座|slides|deck|presentation)|"
    # a talk to give, however it is called (准备个安全讲话, 准备一段发言)
    r"准备(?:一个|个|一段|段|一篇|篇)?.{0,12}(?:讲话|发言|演讲)(?!比赛|稿)|"
    # a script to be spoken to a room (讲稿, 培训稿): written or prepared
    r"(?:写|撰|拟|准备).{0,12}(?:讲稿|培训稿|演讲稿|宣讲稿)|"
    # a talk the user gives, and its outline, notes or script asked for ("I'm giving a lecture on X, draft my notes")
    r"\b(?:giv(?:e|es|ing)|deliver(?:s|ing)?|do(?:ing)?|present(?:s|ing)?)\s+(?:a|an|the|my)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:talk|presentation|lecture|speech|seminar|workshop)\b.*\b(?:write|draft|prepare|outline|make|put together)\b|"
    r"\b(?:write|draft|prepare|make|put together)\b.*\b(?:outline|notes|script)\b.*"
    r"\b(?:talk|presentation|lecture|speech)\b",
    IC,
)
# A piece whose size matters though its readers are known: a toast, a eulogy, a post for the followers of an
# account (公众号推文), anything written "as one piece" (写一篇).
SIZED_PIECE = re.compile(
    rf"{WRITE_PIECE.pattern}|\b(?:write|draft|prepare|compose)\b.*"
    r"\b(?:toast|eulogy|keynote|op-ed|feature|vows|wedding speech|best man speech|"
    # a bio or blurb printed in a programme or on a site: the space it goes in sets its size
    r"bio|biography|blurb)\b|"
    # words to be said aloud at an occasion ("something to say when they open the hall", "a few words for the
    # retirement do"): how long the user will stand and speak
    r"\b(?:write|draft|prepare|give)\b.*\b(?:something|a few words|some words)\s+(?:to say|I can say|for me to say)\b|"
    r"(?:[写撰拟]|准备).{0,12}(?:推文|致辞|发言稿|讲话稿|讲稿|稿子|软文|祝酒词|自我介绍)|写一篇|"
    # words for a display, whose space is fixed: an exhibition panel, a poster, a label beside an exhibit
    r"(?:[写撰拟做]|准备).{0,12}(?:展板|展签|海报|宣传栏|易拉宝|说明牌)|"
    r"\b(?:write|draft|prepare)\b.*\b(?:panel text|display (?:panel|board)|exhibit(?:ion)? (?:panel|label)s?|"
    r"poster|wall text|information board)\b|"
    # slides to be presented: how long the slot is ("这个 deck 下周要给 VP 讲", "pitch the deck to investors")
    r"\b(?:deck|slides|presentation)\b.{0,20}(?:讲|汇报|\bpresent(?:ed|ing)?\b|\bpitch(?:ed|ing)?\b)|"
    r"(?:讲|汇报|\bpresent\b|\bpitch\b).{0,12}(?:\bdeck\b|\bslides\b|PPT|ppt|幻灯片)|(?:PPT|ppt|幻灯片).{0,12}(?:讲|汇报)",
    IC,
)
# Made shorter or longer: to which size only the user knows ("shorten this speech", 缩短一点).
RESIZE = re.compile(
    r"\b(?:shorten|condense|trim|cut (?:it |this |that )?down|lengthen|expand|make (?:it|this) (?:shorter|longer))\b"
    # a thing of the user's made shorter or longer ("make the report shorter", "make my talk a bit longer")
    r"|\bmake\s+(?:the|my|our)\s+(?:[\w-]+\s+){1,2}?(?:a\s+(?:bit|little)\s+|much\s+)?(?:shorter|longer)\b"
    r"|缩短|删减|精简|压缩|改短|删短|扩写|加长|写长",
    IC,
)
# A trip however it is put: "a weekend away", "a getaway", 出去玩几天, 度假.
# Things bought by their price range: what to recommend depends on how much the user will spend.
_GOODS = (
    "laptop|computer|pc|macbook|phone|smartphone|tablet|ipad|camera|lens|tv|television|monitor|car|bike|e-bike|"
    "scooter|headphones|earbuds|speaker|mattress|sofa|couch|fridge|washing machine|dishwasher|vacuum|printer|"
    "watch|smartwatch|console|stroller|pram|microphone|mic"
)
_ZH_GOODS = (
    "笔记本|电脑|手机|平板|相机|镜头|电视|显示器|汽车|车子|自行车|电动车|耳机|音箱|床垫|沙发|冰箱|洗衣机|打印机|手表|"
    "麦克风|婴儿车"
)
TRIP = (
    r"\b(?:trip|getaway|weekend away|(?:a |some )?(?:days?|nights?|week) away|holiday|vacation|city break|"
    r"short break|road trip|half[- ]term|(?:school|easter|spring|summer|winter|christmas) (?:holidays|break)|"
    r"long weekend)\b|出去玩|旅游|旅行|度假|出游|自驾游|玩[一两二三四五六七八九十几\d]+天"
)
# A weekend planned somewhere ("plan a weekend in the Lakes with the kids"): a trip, with its dates and its cost.
WEEKEND_AWAY = r"\bplan\s+(?:a|the|our|my)\s+(?:\w+\s+)?weekend\s+(?:in|at|by|on)\b"
# Somewhere to sleep on a trip, however it is called: a motel or a guesthouse is booked as a hotel is.
LODGING = r"hotels?|motels?|inns?|b&bs?|bnbs?|guest ?houses?|hostels?|airbnbs?"
TRAVEL = re.compile(
    rf"\b(?:flights?|fly|flying|flies|flew|travel\w*|{LODGING}|trains?|conference|destination|itinerary)\b|{TRIP}|机票|火车|酒店|出差|航班|目的地|行程",
    IC,
)
TIME_OFF = re.compile(
    r"\b(?:leave|day off|days off|time off|sick|holiday|vacation|absence|absent|out[- ]of[- ]office|OOO|away)\b"
    r"|请.{0,3}假|休假|病假|年假|调休|自动回复",
    IC,
)
# Time off asked in any words: 请假, 请个假, 请两天假.
LEAVE_ZH = r"请[个一两二三几半天周]{0,3}假|(?:年|病|事|婚|产|调休)?假请(?:了|一下|掉)|把.{0,4}假(?:给)?请"
# Part of a day away (leaving early, coming in late): people need the hour, not only the day.
# ("I'll be late", "running late", 要迟到了 tell someone of a delay on the way: the message is whole without the hour.)
PART_DAY = re.compile(
    r"\b(?:leave|leaving|left|head off|go home)\s+early\b|\b(?:come|coming|get|getting)\s+(?:in\s+)?"
    r"late\b|早退|提前走|提前离开|请半天假",
    IC,
)
# Plans made toward an exam or a date: a revision plan needs the day it leads to (期末复习计划, "study plan").
TOWARD_DATE = re.compile(
    r"\b(?:study|revision|revise|exam|prep|preparation|training|reading)\s+(?:plan|schedule|timetable)\b|"
    r"\bplan\b.*\b(?:revision|revising|studying|exam|test prep)\b|"
    r"(?:复习|备考|学习|考试|训练|冲刺)(?:计划|安排|规划|时间表)|备考|"
    # a schedule toward finishing or handing something in ("make a timeline to finish the renovation")
    r"\b(?:schedule|timeline|plan)\b.{0,30}\b(?:finish|hand in|submit|complete)\b|"
    r"\b(?:finish|hand in|submit|complete)\b.{0,40}\b(?:schedule|timeline)\b",
    IC,
)
# A gift in any words: "what should I get my dad", "something for her birthday", 送什么.
GIFT = (
    r"\b(?:a|some)\s+(?:\w+\s+)?(?:gift|present)s?\b|"
    # typed without its article: "need gift for my sister", "looking for present for dad"
    r"\b(?:need|needs|want|looking for|find|get|buy)\s+(?:\w+\s+)?(?:gift|present)s?\s+for\b|"
    r"\bgift ideas?\b|\bwhat\s+(?:should|can|could|do)\s+(?:i|we)\s+"
    r"(?:get|buy)\b|\b(?:get|buy)\s+(?:my\s+\w+|him|her|them)\s+(?:for|a|an|something)\b|礼物|送(?:她|他|他们|点)?(?:什么|啥)|买(?:什么|啥)"
    # a surprise prepared for someone is a gift too
    r"|\b(?:plan|prepare|organi[sz]e|arrange)\s+(?:a|an|some)\s+(?:little\s+)?surprise\b|(?:准备|安排|策划)(?:个|一个|点)?惊喜"
)
# Money given as a present: a red packet (发个红包, 包个红包), "send my niece some money for her birthday".
GIFT_MONEY = (
    r"(?:发|包|给)(?:个|一个|两个|几个|一)?(?:微信)?红包|"
    r"\b(?:send|give|wire)\s+(?:my\s+)?\w+\s+(?:some\s+)?(?:money|cash)\s+(?:for|as)\b"
)
# Events a poster or flyer announces, by what they are.
_EVENTS = (
    r"night|party|fair|f[eê]te|sale|gig|concert|quiz|fundraiser|event|match|tournament|festival|open day|disco|"
    r"ceilidh|show|raffle|screening|market|coffee morning|barbecue|bbq|fun run|recital|performance|meetup|meet-up|"
    r"workshop|auction|tasting|jumble sale|car boot"
)
# Shipping in Chinese: 寄 a parcel, but not 寄来的 (what someone sent the user), which ships nothing.
SHIP_ZH = r"寄(?!来|过来)"
# A talk in any words: a talk to prepare and "the safety briefing" in memory are the same occasion.
TALK = re.compile(
    # a toast and an address are talks, and a fact about their speakers is about them ("each speaker gets 3 minutes")
    r"\b(?:talks?|briefings?|presentations?|speech(?:es)?|lectures?|keynotes?|seminars?|webinars?|toasts?|"
    r"speakers?)\b|讲座|演讲|发言|宣讲|致辞|祝酒词",
    IC,
)
# A visit for care in any words: "the hospital appointment" and "knee follow-up at St Mary's, 3 May" are one visit.
CARE = re.compile(
    r"\b(?:hospital|clinic|outpatients?|GP|doctor'?s?|dentist'?s?|physio\w*|check-?up|follow-?up\s+(?:at|with|"
    r"appointment|visit)|x-?ray|MRI|scan\s+at|consultant\s+at)\b|医院|门诊|复查|复诊|体检|看病|牙医",
    IC,
)
# facts and tasks on one of these are about the same thing without sharing a word
# An exam in any words: a revision plan and "资格证考试日期：…" are about the same day.
EXAM = re.compile(
    r"\b(?:exams?|examinations?|finals|midterms?|revision|revis(?:e|ing)|study plan|test prep|resits?)\b|"
    r"考试|复习|备考|考证|期末考|期中考|笔试|资格证",
    IC,
)
TOPICS = (TRAVEL, TIME_OFF, TALK, CARE, EXAM)
# Words handed over to translate follow the request after a colon (把这句翻成英文：…, "translate this into Polish: …"):
# they are the text, not what the user asks for, and need nothing of their own.
_TO_TRANSLATE = re.compile(r"(?:翻译?成|译成|翻译)[^：:，。]{0,6}[：:]|\btranslate\b[^:.?!]{0,40}:", IC)


def request_part(task: str) -> str:
    """The task without the text it hands over to translate."""
    handed = _TO_TRANSLATE.search(task)
    return task[: handed.end()] if handed else task


# A reminder: the step it reminds of is the user's own ("remind me to call the dentist").
REMINDER = re.compile(r"\bremind me\b|\bset a reminder\b|提醒我|提醒一下我", IC)
# A question about buying or booking asks for advice; a request to do it needs the user's money or accounts.
# ("can you post this parcel", with no question mark, is a polite request, not a question about posting)
QUESTION = re.compile(
    r"[?？]\s*$|^\s*(?:should|which|what|how|is|are|can(?!\s+(?:you|u)\b)|do|does)\b|吗|哪|怎么|什么|要不要|该不该", IC
)

# A table booked ("book us a table", 订个位子): its day given, its hour still to say.
_TABLE = (
    r"\b(?:book|reserve|get|grab)\s+(?:us\s+|me\s+)?(?:a\s+)?table\b|"
    r"订(?:个|一个|一桌|张)?[^，。,.]{0,8}?(?:桌|位子|座位|包间|包厢)"
)


@dataclass(frozen=True)
class Rule:
    need: str
    when: re.Pattern[str]
    given: re.Pattern[str] | None
    answer: re.Pattern[str] | None  # None: no fact can answer it, only the user
    question: str
    why: str
    default: str
    options: tuple[str, ...] = ()
    unless: re.Pattern[str] | None = None  # a task this matches does not have the need (a question, not a request)


RULES: tuple[Rule, ...] = (
    Rule(  # a table booked for a day ("book us a table for Friday", 订个周六的位子): a restaurant books an hour
        "date_time",
        re.compile(
            rf"(?:{_TABLE}).*(?:{DAY.pattern})|(?:{DAY.pattern}).*(?:{_TABLE})",
            IC,
        ),
        HOUR,
        HOUR,
        "At what time?",
        "A table is booked for an hour, and the task gives only the day.",
        "I will ask for a table around 7pm and leave the time for you to confirm.",
    ),
    Rule(
        "date_time",
        re.compile(
            r"\b(?:book|schedule|reschedule|arrange|organi[sz]e|plan|sort)\b.*(?:\bnight\s+o[uo]t\b|\b(?:flight|train|meeting|call|"
            r"appointment|table|trip|party|event|hotel|room|ticket|pickup|pick-up|ride|transfer|taxi|cab|shuttle)s?\b|"
            r"\b(?:dinner|lunch)\b(?!s))|"  # meals: a menu
            rf"{WEEKEND_AWAY}|"
            # missing school or work: which days ("a note to her teacher saying she'll miss school")
            r"\bmiss(?:es|ing)?\s+(?:school|work|class|classes|practice|training)\b|\b(?:be|will be)\s+absent\b|"
            # a hotel looked for: its nights (下周去深圳出差能住的酒店: which nights of the week?)
            rf"\b(?:find|recommend|look for|search for|suggest)\b.*\b(?:{LODGING})\b|"
            # a train or flight looked up: for which day (查一下去成都的高铁)
            r"\b(?:find|check|look up|search for|look for)\b.*\b(?:flights?|trains?)\s+(?:to|from)\b|"
            r"(?:查|找|看看|看一下|搜).{0,12}(?:高铁|火车|动车|航班|机票|车票)|"
            r"(?:找|推荐|搜|看看|查查?|问问)(?:一下)?.{0,14}(?:酒店|宾馆|民宿|住的地方|住哪|住宿)|"
            # lodging asked as where to stay ("where to stay in Porto next week")
            r"\b(?:find|recommend|suggest|look for|search for|look up)\b.{0,30}\b(?:where|somewhere|a place) to stay\b|"
            # a resignation or a notice given: the last day is the user's
            # (a resignation written, not one weighed: 我该不该辞职)
            r"\bresignation\b|\b(?:give|giving|gave|hand in|handing in|put in|putting in)\s+(?:in\s+)?(?:my\s+|our\s+)?"
            r"(?:\w+\s+){0,2}?notice\b|\b(?:two|2|\w+)[- ]weeks?['’]?\s+notice\b|\bnotice to (?:vacate|quit)\b|"
            r"\b(?:I'?m|we'?re|I am|we are)\s+moving out\b|"
            r"辞职信|辞职报告|辞呈|离职申请|离职邮件|提离职|\b(?:meeting|appointment)\s+with\b|"
            r"\b(?:set up|make|reserve)\b.*\b(?:meeting|call|appointment|table|reservation|1:1|one-on-one|sync|"
            r"catch-up|interview)\b|\bremind me\b|"
            r"\b(?:leave|absence|sick)\s+(?:note|request|letter|email)\b|\brequest\s+(?:leave|time off|a day off)\b|"
            r"\b(?:days?|time|week|afternoon|morning)\s+off\b|"
            r"\b(?:get|buy|grab|book|order)\b.*\btickets?\b|"  # a ticket is for a day
            # book or reserve anything, said as a verb: "book me a haircut", "reserve the venue"
            r"\b(?:book|reserve|schedule)\s+(?:me\s+|us\s+)?(?:(?:on|onto|into|in|for)\s+)?(?:(?:a|an|the|my|our)\s+(?!flight\b|hotel\b)|"
            # a place left unnamed is booked for a day all the same ("book somewhere nice for Sunday lunch")
            r"some(?:where|place|thing)\b)|"
            # away from work: an out-of-office reply says until when
            r"\bout[- ]of[- ]office\b|\bOOO\b|\bauto-?reply\b|休假自动回复|自动回复|"
            r"约.{0,6}(?:吃(?:个|顿)?饭|见(?:个)?面|聊聊|喝(?:个|杯)?咖啡|开(?:个)?会|1:1|one-on-one|meeting|call|sync)|挂(?:个|一个)?号|订(?:个|一个|一份|一张|一桌|一间)|"
            r"(?:订|买|抢).*(?:票|酒店|餐|会议室)|预订|预约|约一下|安排.*(?:会议|时间)|"
            # a time set aside for something (约个时间去修车, "find a time to see the physio")
            r"约(?:个|一个|下)?时间|\b(?:find|set|fix|pick|sort)\s+(?:out\s+)?(?:a|some)\s+time\s+(?:to|for)\b|"
            r"提醒我|"
            # word of a new date or time ("a heads up about the new rehearsal time", 通知大家培训的新时间)
            r"\b(?:new|updated|changed|revised|rescheduled)\s+(?:[\w-]+\s+){0,3}?(?:date|time|day|hours|"
            r"opening times)s?\b|"
            r"(?:新的?|改后的|调整后的)(?:时间|日期)|"
            # an opening announced as "soon" (开业, a launch): the day it opens is what people need
            r"\b(?:opening|reopening|launching|open(?:s|ing)? (?:our|the|its) doors)\s+soon\b|\bcoming soon\b|"
            r"(?:快|马上|即将|就要)要?(?:开业|开张|开幕|上线|重新开业)|"
            # a hall or a room hired or borrowed (租他们的活动室, "hire the church hall"): for which day
            r"\b(?:hire|rent|borrow)\s+(?:the|a|an|their|our|your)\s+(?:[\w'-]+\s+){0,2}?(?:hall|venue|room|"
            r"studio|theatre|theater|auditorium|pavilion|stage)\b|"
            r"(?:借|租)(?:用)?(?:一下)?(?:他们|你们|学校|村里|社区)?的?.{0,4}?(?:场地|会议室|礼堂|剧场|活动室|大厅|舞台|场馆)|"
            + LEAVE_ZH,
            IC,
        ),
        DAY,
        DAY,
        "When should it be (date and time)?",
        "It has to happen at a time only you know.",
        "I will prepare everything and leave the date for you to fill in.",
    ),
    Rule(  # moved to a new day: which day only the user knows (the old date in memory is no answer)
        "date_time",
        re.compile(
            r"\b(?:reschedule|postpone|push back|put off)\b|\bmove\b.*\b(?:appt|appointment|meeting|call|deadline|"
            r"dinner|session|interview|submission|launch|delivery|renewal|standup|stand-up|1:1|sync|class|lesson|"
            r"shift|demo|review)s?\b|\b(?:extension|extend the deadline)\b|"
            # an appointment said by who it is with: "move my dentist to next week"
            r"\bmove\s+(?:my|the|our)\s+(?:\w+\s+)?(?:dentist|doctor|haircut|physio|therapist|vet|check-?up|massage)\b|"
            # a gathering of someone's moved ("move their party", "move Dan's recital"): to which day
            r"\bmove\s+(?:my|the|our|their|his|her|your|[\w-]+['’]s)\s+(?:[\w'’-]+\s+)?(?:party|wedding|gig|show|"
            r"booking|reservation|trip|visit|match|practice|rehearsal|ceremony|recital|concert|viewing|tour|"
            r"fitting|playdate|sleepover)\b(?!\s+(?:photos?|pictures?|files?|folders?|playlist|list|notes?))|"
            # a date that slips: to when ("tell the client the project will slip")
            r"\b(?:will|is going to|'ll|might|going to)\s+slip\b|"
            # "delay" as a request (to delay, 要 delay 一下, delay the launch), not the noun ("sorry for the delay")
            r"\b(?:to|will|need to|want to|please|can we|could we|must|要|想)\s+(?:\w+\s+)?delay\b|"
            r"\bdelay\s+(?:it|the|our|my|this|that|一下)|延期|推迟|改期|改约|延后|往后推|推后|缓一缓|"
            # paid or handed in late: by when ("rent will be a few days late", 房租要晚几天交)
            r"\b(?:pay|paying|hand|handing|submit|submitting)\s+(?:\w+\s+){0,5}?late\b|\blate\s+(?:with|on)\s+(?:the\s+|my\s+)?"
            r"(?:rent|payment|bill|invoice)\b|\b(?:rent|payment)\s+(?:will|is going to)\s+be\s+(?:\w+\s+){0,3}late\b|"
            r"晚[几两一二三\d]*天(?:交|付|还|给)|迟交|晚交|晚点交|晚些交|延迟(?:交|付|支付)",
            IC,
        ),
        re.compile(f"{DAY.pattern}|{LATER_BY.pattern}", IC),
        None,
        "To which day should it move?",
        "Moving it needs the new date, and only you know which suits.",
        "I will ask for the earliest date that works and leave it for you to confirm.",
    ),
    Rule(  # a notice or invitation to a meeting tells people the hour, not only the day
        "date_time",
        re.compile(
            r"\b(?:write|draft|send|prepare)\b.*\b(?:invitation|invite|announcement|notice)\b.*\b(?:meeting|party|"
            r"event|session|conference)\b|(?:写|发|拟|起草).{0,8}(?:通知|邀请|请柬).*(?:会|活动|聚餐|团建|聚会|培训|讲座|比赛|演出|停电|停水|断网|检修|维修|放假)|"
            r"\b(?:write|draft|send|prepare)\b.*\b(?:notice|announcement|email)\b.*\b(?:power (?:cut|outage)|"
            r"water (?:cut|outage)|shutdown|maintenance|closure)\b",
            IC,
        ),
        HOUR,
        HOUR,
        "At what time (day and hour)?",
        "A notice has to tell people when to come.",
        "I will leave the time as a blank to fill in.",
        # a notice that it will not happen tells no one when to come ("the meeting is off", 培训取消了)
        unless=re.compile(
            r"\b(?:is|are|'s|be|been|was|were)\s+(?:now\s+)?(?:cancel+ed|off|called off|scrapped)\b|"
            r"\bcancel+(?:ed|ing|ation)\b|\bwon'?t (?:go ahead|happen|run|take place)\b|取消|不(?:开|办|举行|上课)了",
            IC,
        ),
    ),
    Rule(  # a sign or notice that the shop or stall will be closed (写个牌子，春节要歇几天): which days (or hours)
        "date_time",
        re.compile(
            r"(?:写|贴|挂|做|拟).{0,8}(?:牌子|告示|公告|通知|启事).*(?:歇|关门|停业|休息|放假|不开)|"
            r"\b(?:sign|notice)\b.{0,40}\b(?:closed|closing|shut)\b",
            IC,
        ),
        # a closure is for whole days: "closed tomorrow", 明天休息一天 says when as well as an hour would
        re.compile(f"{DAY.pattern}|{HOUR.pattern}", IC),
        re.compile(f"{DAY.pattern}|{HOUR.pattern}", IC),
        "Which days (or hours) will it be closed?",
        "A notice of closing has to tell people when.",
        "I will leave the days as a blank to fill in.",
    ),
    Rule(  # a post promoting an event of the user's: people need to know when it is (写个朋友圈宣传这次开窑)
        "date_time",
        re.compile(
            r"(?:写|拟|做|发|编)(?:个|一个|条|一条|篇|一篇|段|一段)?.{0,8}?(?:朋友圈|微博|推文|帖子|文案|海报|小红书)"
            r"[，,]?(?:来|去)?宣传|宣传(?:一下)?.{0,12}?的?(?:朋友圈|微博|推文|帖子|文案|海报)|"
            r"\b(?:write|draft|make|do|prepare)\b[^.?!]{0,30}\b(?:post|caption|tweet|flyer|poster|blurb)\b[^.?!]{0,12}?"
            r"\b(?:promoting|advertising|to promote|to advertise|plugging)\s+(?:the|our|my|this|next)\b",
            IC,
        ),
        re.compile(f"{DAY.pattern}|{HOUR.pattern}", IC),
        DAY,
        "When is it (the day and time people should know)?",
        "A post that promotes an event has to tell people when it is.",
        "I will leave the date as a blank to fill in.",
    ),
    Rule(  # a poster or flyer for an event ("quiz night poster", "a flyer for the summer fair", 义卖的海报): its day
        "date_time",
        re.compile(
            r"\b(?:posters?|flyers?|fliers?|leaflets?|handbills?)\s+(?:for|about|advertising|promoting)\s+"
            r"(?!sale\b)(?:(?:the|our|my|a|an|this|next)\s+)?(?:[\w'’-]+\s+){0,3}?"
            rf"(?:{_EVENTS})\b|\b(?:{_EVENTS})\s+(?:posters?|flyers?|fliers?|leaflets?)\b|"
            r"(?:活动|晚会|比赛|演出|讲座|义卖|市集|聚会|音乐会|运动会|联欢会|展览|开放日|音乐节)的?(?:海报|传单|宣传单)",
            IC,
        ),
        DAY,
        DAY,
        "When is it (the day and time people should know)?",
        "A poster for an event has to tell people when it is.",
        "I will leave the date as a blank to fill in.",
    ),
    Rule(  # a shift of the user's swapped or covered: which one ("get someone to cover my shift", 找人替班)
        "date_time",
        re.compile(
            r"\b(?:swap|trade|switch|cover|give away)\b[^.?!]{0,30}\bmy\s+(?:[\w-]+\s+)?"
            r"(?:shifts?|nights?|earl(?:y|ies)|lates?|duty|duties|rota)\b|(?:换|调|替)(?:个|一下)?班",
            IC,
        ),
        DAY,
        DAY,
        "Which shift (the day)?",
        "Only you know which of your shifts it is.",
        "I will leave the day as a blank to fill in.",
    ),
    Rule(  # part of a day away: when exactly
        "date_time",
        PART_DAY,
        HOUR,
        None,
        "At what time (and on which day)?",
        "Leaving early or coming in late is said with the hour.",
        "I will leave the time as a blank to fill in.",
    ),
    Rule(
        "destination",
        re.compile(
            rf"\b(?:book|plan|organi[sz]e|arrange)\b.*(?:\b(?:flight|train|hotel|bus|coach|ferry)s?\b|{TRIP})|"
            r"(?:规划|安排|计划|排).{0,6}(?:出去玩|旅游|旅行|度假|出游|行程)|(?:出去玩|旅游|旅行|度假|出游).{0,12}(?:规划|安排|计划|行程)|"
            r"\b(?:book|get|buy)\b.*\b(?:train|bus|coach|ferry)\s+tickets?\b"
            # a flight or train looked for: to where ("find me a cheap flight to see my mom")
            r"|\b(?:find|search for|look for|look up|get)\s+(?:me\s+|us\s+)?(?:a\s+|an\s+|some\s+)?"
            r"(?:(?:cheap|cheapest|direct|good|last-minute|early)\s+)?(?:flights?|trains?)\b"
            r"|机票|火车票|高铁票|动车票|车票|船票|(?:订|预订|找).{0,6}(?:酒店|宾馆|民宿)|出差"
            # how long or far to get "there", a place the task does not name (到那边要多久)
            r"|\bhow (?:long|far)\b[^?.!]{0,40}\b(?:get|go|drive|walk|cycle|bike|ride|fly|travel)\s+(?:over\s+)?there\b"
            r"|(?:到|去)那(?:边|里|儿)(?:要|得|需要)?(?:多久|多长时间|多远)"
            # how far an event of the user's is ("how far is Saturday's party", "how far away is my interview"): its
            # place is theirs to say
            r"|\bhow far\s+(?:away\s+)?(?:is|are)\s+(?:the|my|our|their|his|her|[\w-]+['’]s)\s+(?:[\w'’-]+\s+)?"
            r"(?:party|wedding|gig|show|match|game|meeting|interview|appointment|venue|reception|ceremony|class|"
            r"practice|lesson|rehearsal|shoot|event|job|site)\b",
            IC,
        ),
        # (a trip back to a named place says where: 回成都的车票, not 回老家 or 回家)
        re.compile(f"{PLACE.pattern}|回(?!老家|家|去|来|头|国|程)[\u4e00-\u9fff]{{2,}}"),
        PLACE,
        "Where to?",
        "Travel needs a place and the task does not name one.",
        "I will not book anything until I know where.",
    ),
    Rule(  # a parcel: to which address (a city someone lives in is where to travel, not where to deliver)
        "destination",
        re.compile(
            # (not a post online: "post it on my blog", "post the flyer in the parents' group chat")
            r"\b(?:ship|deliver|post|mail)\s+(?:it|them|this|the|a)\b(?!\s+(?:[\w-]+\s+)?(?:on|to|in)\s+"
            r"(?:(?:my|our|the)\s+)?(?:[\w'’-]+\s+){0,2}?(?:instagram|insta|"
            r"facebook|linkedin|twitter|x|story|feed|blog|website|site|channel|group|slack|forum|chat)\b)"
            r"|\b(?:shipped|delivered|sent|mailed|posted)\s+to\s+(?:her|him|them|my\s+\w+)\b"
            # a present ordered or sent for someone goes to their door ("order a birthday present for my niece")
            r"|\b(?:order|send)\s+(?:\w+\s+){0,3}?(?:gift|present|flowers|bouquet|hamper|gift box|cake)s?\b"
            r"|快递|送到|" + SHIP_ZH,
            IC,
        ),
        re.compile(f"{PLACE.pattern}|{ADDRESS.pattern}"),
        ADDRESS,
        "Where should it be delivered (the address)?",
        "A parcel needs an address and the task does not give one.",
        "I will prepare the order and leave the address for you to fill in.",
    ),
    Rule(  # people told where to meet: the meeting point is the user's to choose
        "destination",
        re.compile(
            r"\b(?:where|place)\s+to\s+(?:meet|gather|wait)\b|\bmeeting (?:point|place|spot)\b|"
            r"(?:在|到)?哪(?:里|儿)?(?:集合|见面|碰头|等)|集合(?:地点|点)",
            IC,
        ),
        # the spot said ("the meeting point is the north gate", "meet outside the bakery"), not an hour ("at 9")
        re.compile(
            rf"{PLACE.pattern}|\b(?:meet|gather|wait|meeting (?:point|place|spot))\b[^.?!]{{0,20}}?"
            r"\b(?:at|outside|by|is|"
            r"near|in front of|opposite)\s+(?!\d|noon\b|midnight\b|night\b|(?:what|which|where)\b)\w"
        ),
        PLACE,
        "Where should they meet you?",
        "The message tells people where to meet and the task does not say where.",
        "I will leave the meeting point for you to fill in.",
    ),
    Rule(
        "budget",
        re.compile(
            r"(?<!\bthe )(?<!\bmy )(?<!\bour )(?<!\bthis )(?<!\btheir )(?<!\bhis )(?<!\bher )(?<!\byour )(?<!\bits )"
            r"\b(?:buy|purchase|order)\b(?!\s+(?:of|to|by|in)\b)"
            # an order collected ("pick up the resin order tmrw"): a noun, bought already
            r"(?!\s+(?:tomorrow|tmrw|tmr|today|tonight|from|is|was|has|came|arrived|number)\b(?!['’]))(?!\s*[.!]?\s*$)|"
            r"\bbook\b.*\b(?:flight|hotel)s?\b|"
            # a place to stay, eat or gather chosen for the user: its price range is theirs
            rf"\b(?:find|get|recommend|suggest|look for|pick)\b.*\b(?:{LODGING}|place to stay|restaurants?|"
            r"venue)\b|(?:推荐|找|订).{0,10}(?:餐厅|饭店|馆子|民宿|宾馆)|"
            r"(?:找|推荐|搜|看看|查查?|问问)(?:一下)?.{0,14}(?:住哪|住宿|住的地方)|\bwhere to stay\b|"
            # (or booked outright: "book somewhere nice for Mum's 70th"; an occasion is a meal out too)
            r"\b(?:find|recommend|suggest|pick|look for|choose|book|reserve)\b.*\b(?:place|somewhere|spot)\s+"
            r"(?:\w+\s+)?(?:for|to)\s+(?:[\w'’]+\s+){0,3}?"
            r"(?:dinner|lunch|brunch|eat|stay|celebrate|drinks|date|party|meal|birthday|anniversary|"
            r"\d+(?:st|nd|rd|th))\b|(?:找|推荐).{0,6}(?:地方|地儿).{0,6}(?:吃|住|聚|庆祝)|"
            rf"\b(?:plan|organi[sz]e|arrange|book)\b.*(?:{TRIP})|{WEEKEND_AWAY}|{GIFT}|{GIFT_MONEY}|\bitinerary\b|买|购买|行程|"
            # a hotel to stay in, not one arrived at for an occasion (几点到酒店, 在酒店门口等)
            r"(?<![到在去回进])酒店|"
            r"\b(?:rent|hire|lease)\s+(?:a|an|me|us|some)\b|租(?:房|车|个|一)|"
            # goods chosen for the user by their price range ("recommend a laptop", 推荐一款手机)
            rf"\b(?:recommend|suggest|pick|find|choose)\b.{{0,30}}\b(?:{_GOODS})s?\b|(?:推荐|挑|选).{{0,12}}(?:{_ZH_GOODS})|"
            # anything second-hand looked for: what is worth buying used depends on the price ("a used outboard")
            r"\b(?:find|look for|hunt down|track down|get)\s+(?:me\s+|us\s+)?(?:a\s+|an\s+|some\s+)?"
            r"(?:good\s+|cheap\s+)?(?:used|second[- ]?hand|pre-?owned|refurbished)\b|"
            r"(?:找|淘|收)(?:个|一个|一台|台|辆|一辆)?二手|"
            # how much the user can spend is their budget, asked back ("how much should we spend", 能花多少)
            r"\bhow much (?:can|should|shud|shld|could|cud) (?:I|we) spend\b|(?:能|可以|该|应该)花多少|"
            # someone to hire, found for the user; a class to sign up for
            r"\bfind\s+(?:me\s+|us\s+)?(?:a|an)\s+(?:good\s+|local\s+|cheap\s+)?(?:babysitter|nanny|plumber|cleaner|"
            r"tutor|electrician|contractor|movers?|moving company|dog walker|photographer|caterer)\b|"
            r"报(?:个|名).{0,6}班|"
            # a course picked or booked for the user (挑个网课, "book me on a first-aid course"): courses are priced
            r"(?:挑|选|推荐|找|报)(?:个|一个|一门|门)?.{0,8}(?:网课|课程|培训班|辅导班|补习班)|"
            r"\b(?:recommend|suggest|pick|choose|book|enrol|enroll|sign\s+(?:me|us)\s+up)\b[^.?!]{0,30}?"
            r"\b(?:course|class|workshop)(?!\s+of\b)|"
            # said in Hinglish, the English verb after its object with "kar-" ("yoga class book kar do")
            r"\b(?:course|class|workshop)\b[^.?!]{0,20}\b(?:book|enrol|enroll|register|join)\s+kar\w*|"
            r"出去玩|旅游|旅行|度假|出游|玩[一两二三四五六七八九十几\d]+天|"
            # writing a budget (a grant's, an event's) needs its figures
            r"\bbudget\s+(?:section|plan|breakdown|estimate|table)\b|\b(?:draft|write|prepare|make)\b.*\bbudget\b|"
            r"做.{0,4}预算|预算表|活动策划|策划(?:案|方案|书)|"
            # a gathering to plan or a table to book: how much to spend decides the venue, the menu, the show
            r"\b(?:plan|organi[sz]e|arrange|throw|host|sort)\b.*\b(?:party|event|wedding|reunion|celebration|offsite|"
            r"night\s+o[uo]t|"
            r"gala|banquet|team (?:lunch|dinner|outing)|team-building|outing|farewell|send-off|leaving do|get-together|"
            r"potluck|shower|(?:birthday|anniversary|celebration)\s+(?:dinner|lunch|brunch|meal))\b|\boffsite\b|团建|"
            r"\b(?:book|reserve)\b.*\b(?:table|restaurant)\b|"
            r"(?:准备|策划|筹备|办|组织|安排).{0,8}(?:年会|活动|聚会|婚礼|晚会|节目|派对|宴)|"
            # a cake, flowers or a hamper ordered (订个蛋糕, 订一束花): goods chosen by their price, as 买 is
            r"(?:订|定做|预订)(?:个|一个|份|一份|束|一束|只|盒|一盒|篮|一篮)?[\u4e00-\u9fff]{0,4}?"
            r"(?:蛋糕|鲜花|花束|花篮|果篮|礼盒|礼物|花(?![钱费时]))|订.{0,10}(?:餐厅|位子|包间|一桌)",
            IC,
        ),
        AMOUNT,
        MONEY,
        "What is your budget?",
        "What to pick depends on how much you want to spend.",
        "I will show a mid-range choice and a cheaper one.",
        ("low", "mid-range", "no limit"),
        # the same as always ("order the usual", "same as last time", 老样子): its price is settled already
        unless=re.compile(
            r"\b(?:the|my|our)\s+usual\b|\bsame\s+(?:\w+\s+)?as\s+(?:last|before|always)\b|\bas usual\b|老样子|照旧|"
            r"(?:和|跟)上次一样|"
            # a restock ("order more printer paper", "reorder the filters", 再订两箱): more of what is bought already
            r"\b(?:order|buy|get)\s+(?:some\s+|a\s+few\s+|a\s+bit\s+)?more\b|\b(?:re-?order|restock|re-?stock)\b|"
            r"再(?:订|买|来)(?:一|两|几)?[箱包袋盒桶批些点]|补货|回购",
            IC,
        ),
    ),
    Rule(
        "recipient",
        re.compile(
            r"\b(?:send|email|e-mail|mail|forward|invite)\b|\b(?:leave|absence|sick)\s+(?:note|request|letter)\b|"
            # a letter to someone said only as "the guy", "the lady" of a place ("write to the council guy"): who
            r"\bwrite\s+(?:a\s+(?:letter|note|line)\s+)?to\s+(?:the|that|this)\s+(?:[\w'’-]+\s+){0,2}?"
            r"(?:guy|lady|man|woman|fella|fellow|bloke|chap|lad|girl|person|one)\b|"
            r"发给|发送|转发|请假条|请假.{0,3}(?:邮件|信)|"
            # a resignation goes to someone
            r"\bresignation (?:letter|email)\b|\bletter of resignation\b|辞职信|辞职报告|离职申请|"
            # someone asked by name to do something is a message to them ("ask Priya if she can cover Friday")
            r"^\s*(?:please\s+|pls\s+|can you\s+|could you\s+)?ask\s+(?-i:[A-Z][a-z]+)\s+(?:to|if|whether)\b|"
            # an answer to someone said only as "him" or "her": who that is only the user knows
            r"\b(?:reply|respond|write back|get back)\s+(?:to\s+)?(?:him|her|them)\b|"
            # a firm or a place told something ("tell the tour outfit I can't come"): how to reach them
            r"\b(?:tell|let|notify|inform|warn)\s+(?:the|that)\s+(?:[\w'’-]+\s+){0,2}?(?:outfit|company|firm|agency|"
            r"shop|store|garage|venue|hotel|school|organi[sz]ers?|club|operator|caterers?)\b",
            IC,
        ),
        re.compile(
            rf"\b(?:to|email|e-mail|invite|send|forward)\s+(?:me|my\s+\w+|(?-i:[A-Z][a-z]+))\b|\bme\b|{EMAIL.pattern}|"
            # to someone named (给王老师), not pointed at by a pronoun (发给他: who "he" is only the user knows)
            r"给\s*(?![他她它](?:们)?(?:[，。,.！？\s]|$))[\u4e00-\u9fffA-Za-z]|"
            # a group the user belongs to: "email the team", "send it to everyone"
            r"\b(?:to|email|e-mail|invite|send|forward|tell|notify|cc)\s+(?:the|our|my)\s+(?:whole\s+)?(?:team|group|class|"
            r"department|staff|office|committee|board|parents|members|family)\b|"
            # sent someone something, named as typed in chat ("send nana the photos", "email jess the notes")
            r"\b(?:send|email|e-mail|mail|forward)\s+(?!(?:it|this|that|these|those|them|the|a|an|out|over|off|back|"
            r"along|on|up|in|some|all|any|my|our|your|me|us|him|her)\b)[a-z]+\s+(?:the|a|an|my|our|this|that|these|"
            r"those|some|his|her|their)\b",
            IC,
        ),
        re.compile(
            rf"{EMAIL.pattern}|{HANDLE}|\b(?:goes|go|send|sent|addressed)\s+to\b|\bto\s+(?-i:[A-Z][a-z]+)|[交发递寄]给|"
            # a contact card: a role labelled with a name and the way to reach them ("florist: Ana Reyes, email in
            # contacts", "coach: Sam, WhatsApp"), the role the task sends to
            rf"{CONTACT_CARD}|"
            # the person in charge, by surname and title, in a fact about the same place (班主任刘老师 of the class)
            rf"(?:班主任|主任|负责人|联系人|老师|经理)[：:\s]*[{_SURNAMES}](?:老师|经理|主任|师傅|医生|总)",
            IC,
        ),
        "Who should receive it?",
        "The task sends something without saying to whom.",
        "I will prepare it as a draft and not send it.",
        # a template is written for whoever it is sent to later ("write the welcome email template", 写个邮件模板)
        unless=re.compile(
            r"\b(?:write|draft|create|make|prepare|design|set up)\b[^.?!]{0,40}\btemplates?\b|"
            r"(?:写|做|拟|设计|弄)[^，。,.！？]{0,12}(?:模板|模版)",
            IC,
        ),
    ),
    Rule(
        "deadline",
        # a recommendation letter is written for a date its reader sets
        re.compile(
            r"\bdeadline\b|\bdue\b|截止|"
            # something that lapses on a day of its own: when it expires is the deadline ("before my visa runs out")
            r"\b(?:expires?|expiry|expiration|runs? out|lapses?)\b|到期|"
            # (过期的证, 已经过期: gone past already, no day left to ask)
            r"(?<!已)(?<!已经)过期(?!的)|\b(?:recommendation|reference)\s+letter\b|"
            r"\bletter of (?:recommendation|reference)\b|推荐信|"
            # handed in "soon", "as soon as possible" (尽快交): by when is still the user's to say
            r"(?:尽快|赶紧|抓紧|马上|急着?)(?:提交|上交|交)|"
            r"\b(?:submit|hand in|turn in|send in)\b[^.?!]{0,30}\b(?:asap|soon|as soon as possible)\b|"
            # a piece a publication asked for goes in by its editor's date: said as the one agreed ("write the
            # review for the paper", "my column for the journal", 杂志的约稿), not one offered ("a piece for …")
            r"\b(?:write|draft|finish|file)\s+(?:the|my|our)\s+(?:[\w'’-]+\s+){0,3}?(?:piece|article|column|feature|"
            r"review|essay|op-ed|story)\s+for\s+(?:the|a|an|their)\s+(?:[\w'’-]+\s+)?(?:magazine|newspaper|paper|"
            r"journal|quarterly|zine)\b|约稿|约的稿",
            IC,
        ),
        DATE,
        DATE,
        "When is the deadline?",
        "The task depends on a deadline I do not know.",
        "I will treat it as due as soon as possible.",
    ),
    Rule(  # a plan toward an exam or a date needs that date
        "deadline",
        TOWARD_DATE,
        DATE,
        DATE,
        "When is the date it leads to (the exam, the event)?",
        "A plan is laid out backwards from the day it leads to.",
        "I will plan for four weeks and say so.",
    ),
    Rule(
        "audience",
        WRITE_PIECE,
        re.compile(f"{AUDIENCE.pattern}|{OCCASION}", IC),
        ATTENDANCE,
        "Who is it for?",
        "Tone and depth depend on the readers.",
        "I will write for an informed general reader.",
        ("beginners", "practitioners", "experts"),
    ),
    Rule(  # a reference written for someone is addressed to whoever weighs it: an employer, a school
        "audience",
        re.compile(
            r"\b(?:write|draft|prepare|compose)\s+(?:up\s+)?(?:a|an|the)\s+(?:short\s+|character\s+|job\s+)?"
            r"(?:reference|recommendation|testimonial|letter of (?:recommendation|reference))(?:\s+letter)?\s+for\b|"
            r"(?:给|为|帮)[^，。,.]{1,12}写(?:一?封|个|份)?推荐信",
            IC,
        ),
        # the reader named by what the reference is for ("for the nursing course at Leeds", 申请…大学)
        re.compile(
            rf"{AUDIENCE.pattern}|\bfor\s+(?:the|a|an|her|his|their)\s+(?:[\w-]+\s+){{0,3}}?(?:job|role|position|post|"
            r"course|programme|program|degree|scholarship|school|university|college|tenancy|flat)\b|"
            r"申请.{0,10}(?:学校|大学|岗位|职位|项目|奖学金)",
            IC,
        ),
        AUDIENCE,
        "Who will read it (which employer, school or programme)?",
        "A reference speaks to what its reader is choosing for.",
        "I will write a general reference that fits most employers.",
    ),
    Rule(  # an introduction of the user ("introduce myself", 自我介绍): an interview, a class, a team say what to tell
        "audience",
        re.compile(r"自我介绍|\bintroduce (?:myself|ourselves)\b|\bself[- ]intro(?:duction)?\b|\belevator pitch\b", IC),
        re.compile(
            rf"{AUDIENCE.pattern}|{OCCASION}|\b(?:for|at|in|to)\s+(?:the\s+|my\s+|a\s+|an\s+|our\s+)?(?:[\w'’-]+\s+){{0,2}}?"
            r"(?:interview|meetup|meeting|class|course|conference|networking|team|colleagues|club|first day)\b|"
            r"面试|会上|班上|课上|群里|同事|同学|客户|大家|团队|新公司|入职|相亲|开学|班会|例会|年会|比赛|竞聘|答辩",
            IC,
        ),
        None,
        "Who will you introduce yourself to (an interview, a class, a new team)?",
        "What to say about yourself depends on who is listening.",
        "I will write a general introduction for new colleagues.",
        ("a job interview", "a new team", "a class or group"),
    ),
    Rule(
        "length",
        SIZED_PIECE,
        SIZE,
        SIZE,
        "How long should it be?",
        "The right length depends on where it will be used.",
        "I will keep it short (about 300 words).",
        ("short (~300 words)", "medium (~800 words)", "long (1500+ words)"),
    ),
    Rule(  # a playlist made for an occasion: how long it plays (songs or hours) is the user's
        "length",
        re.compile(
            r"\b(?:make|need|want|build|put together|create|compile|do|throw together)\b.{0,30}\bplaylist\b|"
            r"(?:做|弄|整|来|列|需要|准备)(?:一个|个|一份|份)?.{0,12}歌单",
            IC,
        ),
        re.compile(
            rf"{SIZE.pattern}|\b\d+\s*(?:songs?|tracks?|hours?|hrs?|h)\b|\b(?:an?|one|two|three)[\s-]+hours?\b|"
            r"[\d一二两三四五六七八九十几]+\s*(?:首|小时|个小时)",
            IC,
        ),
        None,
        "How long should it run (how many songs or hours)?",
        "A playlist fills a stretch of time only you know.",
        "I will make about an hour of music.",
        ("about 30 minutes", "about an hour", "two hours or more"),
    ),
    Rule(  # made shorter or longer: to what size
        "length",
        RESIZE,
        SIZE,
        SIZE,
        "How long should it end up (words, pages or minutes)?",
        "Shorter or longer by how much is yours to say.",
        "I will cut it by about a third.",
        ("a third shorter", "half as long", "to a given number of words"),
    ),
    Rule(
        "judgement",
        re.compile(
            r"\b(?:look|looks|sound|sounds|feel|feels)\s+(?:good|nice|ok|okay|right|better)\b|"
            r"\bshould we\s+(?:start|stop|offer|hire|open|close|launch|raise|lower|expand)\b|"
            r"\bshould I\s+(?:use|pick|hire|"
            r"choose|wear|go with|accept|take|quit|leave|go|move|stay|marry|apply|say yes|say no|tell|ask|switch|join|"
            r"resign|break up|keep|sell|invest|turn down|decline|sign)\b|\bdo you like\b|\bis it worth\b|"
            r"\b(?:do you think|would you say) I should\b|\bwhat would you do\b|"
            # a course the user leans to, put for confirmation ("I should resign, right?")
            r"\b(?:I|we) should\s+\w+[^.?!]{0,40}?,?\s*(?:right|shouldn't (?:I|we)|no)\?|好看吗|喜欢哪|该选哪|选哪个|"
            r"([要该接去换辞值选签搬留])不\1|应不应该|值得吗|"
            # a choice put as "A or B?" with no question word: the user's own call ("blue sofa or the green one?")
            # (a choice for a purpose it names, "A or B for the X?", is which suits it: reasons can settle that; and
            # "should the report …" asks what is right of a thing, not the user's own course)
            r"^(?!\s*(?:what|how|why|when|where|who|which|whose|is|are|was|were|does|do|did|can|could|will|would|has|have|"
            r"should(?!\s+(?:I|we)\b))\b)[^?.!\n]{1,60}\bor\b(?:\s+the)?(?![^?.!\n]{0,40}\bfor\b)[^?.!\n]{1,40}\?|"
            r"\bwhich (?:one |do you think )?(?:looks|sounds|reads) better\b|\bwhich (?:one )?do you (?:like|prefer)\b|"
            r"哪(?:个|件|条|双|套|张|款|种|一个|一件|一款)(?:更|比较)?(?:好看|漂亮|顺眼|合适|适合我)|用哪个好|选哪个好|"
            # how something should look is the user's taste: a colour, a style, a theme ("which color should we
            # paint the nursery", 挑一个主题色)
            r"\b(?:which|what)\s+(?:colou?rs?|shades?|style|theme|look|font|palette|outfit)\s+(?:should|would|do|to)\b|"
            r"\b(?:pick|choose|decide on)\s+(?:a|the|our|my)\s+(?:\w+\s+)?"
            r"(?:colou?rs?|colou?r scheme|palette|theme|style)\b|"
            r"(?:挑|选|定)(?:一个|个|一下)?.{0,6}(?:颜色|主题色|配色|色系|风格|款式)|什么颜色|哪种颜色|什么风格|"
            # which of the user's own jobs comes first: their priorities ("which bug should I fix first", 先修哪个)
            r"\bwhich\b[^?.]{0,30}\b(?:should|do) (?:I|we) (?:do|fix|tackle|handle|start with|work on)\b"
            r"[^?.]{0,20}\bfirst\b|"
            r"(?:应该|该)?先(?:修|做|处理|弄|搞|改|写|忙)哪(?:个|一个|件)|"
            r"(?<![是比])[\u4e00-\u9fff\w ]{1,20}还是[\u4e00-\u9fff\w ]{1,20}[？?]\s*$|"
            # the user's own choice, said of themselves without a question mark (我们去海边还是去山里)
            r"^\s*(?:我|我们|咱们)(?:是)?(?:去|选|买|吃|要|报|用)[\u4e00-\u9fff\w ]{1,20}还是[\u4e00-\u9fff\w ]{1,20}$|"
            # what the user ought to do, between two courses (我该接受字节的offer还是留在现在的公司)
            r"(?:我|我们|咱们)(?:是)?(?:该|应该|应当|要不要|是该|到底该)[^？?。]{1,30}还是|"
            # whether it suits the user, and names to give (取个店名, "name our new puppy")
            r"适合我吗|适不适合我|\b(?:suit|suits) me\b|(?:取|起)(?:个|一个)?.{0,4}名(?:字)?|"
            r"\bname\s+(?:our|my)\s+(?:new\s+)?\w+|"
            # a choice between the user's own options, and what suits them to wear
            r"\b(?:decide|choose|pick)\s+between\b|(?:在|从).{1,20}(?:之间|中间|里)(?:选|挑|决定)|二选一|"
            r"(?:挑|选)(?:一件|件|一套|套|一双|双)?.{0,8}(?:衣服|穿搭|裙子|鞋子|鞋|发型|搭配)|"
            r"\b(?:pick|choose)\b.{0,20}\b(?:outfit|dress|shoes|hairstyle)\b|"
            # the user's own reasons, written for an application: only they know why they want it
            r"\bwhy (?:do|did|would) you (?:want|like|wish|hope|choose|apply)\b|\bwhy I (?:want|chose|applied)\b|"
            r"\bpersonal statement\b|\bstatement of purpose\b|\bmotivation(?:al)? (?:letter|statement)\b|"
            r"个人陈述|申请理由|为什么(?:想|要|选择)(?:申请|报考|加入|当|做|来)|"
            # the user's own choice between two courses in Hinglish: "A ya B?" with a verb in the first person
            # ("naya scooter lun ya purana theek karwaun?"), as 我该A还是B
            r"\bya\b[^?.!\n]{1,60}\b(?:karu|karun|karoon|jaun|jaaun|jaoon|lun|loon|lu|rahun|rahu|chunu|chunun|"
            r"karwaun|karwau|bechun|bechu|rakhun|rakhu|padhun|padhu)\s*\?",
            IC,
        ),
        None,
        None,
        "Which do you prefer?",
        "This is a matter of your taste; I can only give reasons, not the answer.",
        "I will give my reasons for each and let you choose.",
    ),
    Rule(  # a review of something the user lived through (a meal, a stay, a job done for them): the verdict is theirs
        "judgement",
        re.compile(
            r"\b(?:write|draft|leave|post|give)\s+(?:me\s+)?(?:a|an|my|our|the)?\s*(?:[\w-]+\s+){0,2}?(?:review|rating)\s+"
            r"(?:of|for|on|about)\b(?![^.?!]{0,40}\b(?:magazine|newspaper|paper|journal|blog|column|pull request|"
            r"PR|code|draft|manuscript)\b)|"
            r"(?:写|给|留|发)(?:个|条|一条|一个|篇|一篇)?(?:好评|差评|评价|点评|测评)|(?:写|发)[^，。,.？?]{0,12}(?:评价|点评)",
            IC,
        ),
        None,
        None,
        "What did you think of it (the good and the bad)?",
        "A review says your own experience, which only you know.",
        "I will write a neutral review you can adjust.",
        ("very good", "mixed", "disappointing"),
        # the verdict is in the task: "say it was great", "5 stars", a good or a bad review (好评, 差评)
        unless=re.compile(
            r"\b(?:say(?:ing)?|that)\s+(?:it|they|she|he|the\s+\w+)\s+(?:was|were|is|are)\b|\b\d\s*stars?\b|"
            r"\b(?:glowing|positive|negative|bad|good|great|rave|five-star|one-star)\s+review\b|好评|差评|五星|"
            r"说(?:说)?(?:她|他|它|他们)?(?:家)?(?:很|挺|非常|特别|不错|不好|太)",
            IC,
        ),
    ),
    Rule(  # a reply whose answer is a decision of the user's (renew or not, accept or decline), not given
        "judgement",
        re.compile(
            r"\b(?:reply|respond|answer|write back|get back|rsvp)\b[^.?!]{0,40}?"
            r"\b(?:invitation|invite|offer|proposal)\b|"
            r"\b(?:reply|respond|answer|write back|get back)\b[^.?!]{0,40}?\b(?:about|re|regarding|on)\s+"
            r"(?:the\s+|my\s+|our\s+|their\s+|his\s+|her\s+)?(?:renew\w*|extend\w*|accept\w*|invitation|invite|offer|request|"
            r"proposal|whether|if)\b|"
            r"(?:回|回复|答复).{0,12}(?:续租|续约|邀请|offer|要不要|是否|能不能)|"
            # the reply's words are a choice of the user's own still open ("reply to Ana: do I come Friday or
            # Saturday", 回她：我去还是不去)
            r"\b(?:reply|answer|respond|write back)\b[^:?!]{0,30}:\s*(?:am|do|will|shall|should|can)\s+(?:I|we)\b"
            r"[^.?!]*\bor\b|(?:回|回复|答复)[^：:]{0,8}[：:][^。？?]{0,20}?(?:我|我们)[^。？?]{0,20}?还是",
            IC,
        ),
        None,
        None,
        "What would you like to answer (yes, no, or on conditions)?",
        "The reply carries a decision only you can make.",
        "I will draft a reply that leaves the decision open.",
        ("yes", "no", "yes, on conditions"),
        # the task says the answer: "reply … and say yes", "… 说可以"
        unless=re.compile(
            r"\b(?:say|saying|tell (?:them|him|her)|that)\s+"
            r"(?:yes|no|I(?:'m| am| will|'ll)|we(?:'re| are| will|'ll))\b|"
            r"\b(?:accept|declin|agree|refus)\w*|\bturn(?:ing)? (?:it|them|him|her) down\b|"
            r"说(?:好|可以|行|不|我|我们)|同意|拒绝|"
            # the reply puts the question to them (回一下马经理，问他能不能先放两周): theirs to decide, not the user's
            r"问(?:他|她|他们|对方|一下|问)?[^，。,.？?]{0,12}?(?:能不能|是否|要不要|可不可以|行不行)|"
            r"\bask(?:ing)?\s+(?:them|him|her)\s+(?:whether|if)\b",
            IC,
        ),
    ),
    Rule(
        "action",
        re.compile(
            # chores at home: the agent has no hands ("water my plants", 遛狗)
            r"\b(?:water|feed|walk|mow|vacuum|clean|tidy|wash|iron|take out)\s+(?:the\s+|my\s+|our\s+)(?:\w+\s+)?"
            r"(?:plants?|garden|flowers|lawn|grass|cats?|dogs?|fish|pets?|trash|garbage|bins?|house|flat|apartment|"
            r"room|kitchen|bathroom|car|dishes|laundry|clothes)\b|浇花|浇水|喂猫|喂狗|遛狗|倒垃圾|打扫|洗碗|洗衣服|拖地|"
            # (nouns after an owner are no step: "my sister's visit", "our call")
            r"(?<!\ba )(?<!\bthe )(?<!\bvideo )(?<!['’]s )(?<!s['’] )(?<!\bmy )(?<!\bour )(?<!\bhis )(?<!\bher )"
            # ("is it ok to sign?", "safe to call?": a question whether, the user's call, not a step asked of me)
            r"(?<!\btheir )(?<!\byour )(?<!\bok to )(?<!\bokay to )(?<!\bsafe to )(?<!\bfine to )(?<!\bwise to )"
            r"\b(?:sign|call|phone|visit|pick up|drop off|in person|take a photo|"
            r"hand in)\b(?!\s+(?:with\b|(?:the\s+)?(?:api|function|method|endpoint|service)))|"
            # (a measure word may sit inside: 打个电话, 打一通电话, 签个字, 拍张照)
            r"打(?:个|一个|一通|通|几个)?电话|签(?:个|一下)?字|签名|拍(?:个|张|一张|几张)?照|当面|内网|\bvpn\b|\bintranet\b|打印|"
            # handwork on a material thing ("engrave her name on the ring", "sew the patch on"): tools in hand
            r"^\s*(?:please\s+|pls\s+|can you\s+|could you\s+)?(?:carve|engrave|chisel|etch|weld|solder|sew|stitch|"
            r"knit|plaster|varnish)\s+(?:the|my|our|a|an|this|that|his|her|their|some)\b|"
            # repairs and fittings in a house ("repair the gate at my aunt's", 帮我修一下水龙头): hands on the thing
            r"^\s*(?:please\s+|pls\s+|can you\s+|could you\s+)?(?:go\s+(?:and\s+)?)?(?:fix|repair|install|replace|"
            r"assemble|mount|unclog|unblock|put up)\s+(?:the|my|our|a|an|this|that|his|her|their)\s+"
            r"(?:[\w'’-]+\s+){0,2}?"
            r"(?:locks?|doors?|gates?|sinks?|taps?|faucets?|toilets?|boilers?|fences?|roofs?|windows?|shel(?:f|ves)|"
            r"bikes?|tyres?|tires?|fridges?|washing machines?|dishwashers?|heaters?|radiators?|gutters?|pipes?|"
            r"lamps?|sockets?|cabinets?|cupboards?|drawers?|wardrobes?|blinds?|curtains?|hinges?|cylinders?|"
            # a leak of something that flows ("fix the gas leak in the cellar"), not a program's memory leak
            r"(?:water|gas|oil|ammonia|roof|pipe|coolant|refrigerant|fuel|steam|radiator)\s+leaks?)\b|"
            # things lifted back onto or into a vehicle or a store ("put the ladders back on the van roof")
            r"\b(?:put|load|carry|move|lift|stack|get)\s+(?:the|my|our|these|those|his|her|their)\s+(?:[\w'’-]+\s+){0,2}?"
            r"(?:back\s+)?(?:on|onto|in|into|up on|up in)\s+(?:the|my|our|his|her|their)\s+(?:[\w'’-]+\s+){0,2}?"
            r"(?:van|truck|lorry|car|pickup|trailer|roof|roof rack|rack|shed|garage|loft|attic|basement|cellar|"
            r"barn|boot|trunk)\b|"
            # a load of goods, counted or weighed, taken somewhere ("get 200 lbs of feed out to the barn", "take 3
            # crates of apples over to the hall"): hands and a vehicle
            r"\b(?:get|take|bring|haul|carry|drop|run|deliver|drive)\s+(?:\d+|a|an|two|three|four|five|six|ten|some)\s*"
            r"(?:lbs?|pounds|kg|kgs|kilos?|bags?|sacks?|crates?|boxes|bales?|pallets?|tons?|tonnes?|cases|loads?)\s+of\s+"
            r"[^.?!]{1,30}?\b(?:(?:out|over|up|down|round|across|back)\s+)?to\s+(?:the|my|our|his|her|their)\b|"
            r"(?:帮我|替我|你|去)(?:修|换|装|安装)(?:一下|个|好)?[^，。,.？?]{0,8}?(?:锁|门|水龙头|马桶|插座|窗|柜|热水器|"
            r"水管|灯泡|灯)|"
            # a phone call said the British way ("ring the garage", "ring him back"), not a ring worn
            r"(?:^|\b(?:and|then|to|n|pls|please|you|I)\s+)ring\s+(?:up\s+)?(?:the|my|our|him|her|them|back)\b|"
            # a system behind the user's login ("log into the staff portal and …", 登录学校系统)
            r"^\s*(?:please\s+|pls\s+|can you\s+|could you\s+)?log\s*(?:in(?:to)?|on(?:to)?)\b|^(?:帮我|请|你)?登录|"
            # something switched or locked in a room (把客厅的灯关了, "turn off the heating at the shop")
            r"把[^，。,.！？]{0,8}(?:灯|空调|电视|电源|暖气|煤气|门|窗)(?:给)?(?:关|开|打开|关掉|锁)|"
            r"\b(?:turn|switch)\s+(?:off|on)\s+the\s+(?:[\w-]+\s+)?(?:lights?|heating|heater|oven|tap|fan|alarm|tv)\b|"
            # errands run for the user ("pick me up some milk", "on your way home"), appointments made by calling
            r"\b(?:pick|grab)\s+(?:me|us|him|her|them)\s+(?:up\s+)?(?:a|an|some|\d+)\b|\bon your way\b|"
            r"\bmake\s+(?:me\s+|us\s+)?an?\s+appointment\b|"
            # offices and portals in the user's name, goods sent back: 去银行办卡, "renew my passport"
            r"\b(?:company|employee|hr|staff|student|patient)\s+portal\b|"
            r"\brenew\s+(?:my|our)\s+(?:library\s+)?(?:books?|subscription|membership|registration|insurance|permit)s?\b|"
            r"\btext\s+(?:the\s+)?(?:group|group chat|team|family)\b|"
            r"\b(?:renew|apply for)\s+(?:my|a|an|our)\s+"
            r"(?:passport|visa|licen[cs]e|driving licen[cs]e|id card|permit)\b|"
            r"\breturn\s+(?:the|my|these|those|this)\s+(?!value|result|error|type|list|string|code)\w+|"
            r"去银行|办(?:个|张|一张)?(?:银行)?卡|退货|办理|"
            # going somewhere in the user's stead (帮我去镇上兽药店问问, "pop into the chemist for me"): a place one
            # walks into, named by what it is, not 帮我去查查 (去 as a mere "go ahead")
            r"(?:帮我|替我|给我|你)去[^，。,.？?]{0,8}?(?:(?<!网)店|铺|邮局|派出所|营业厅|市场|超市|药房|诊所|医院|银行|镇上|村里|城里)|"
            r"\b(?:pop|nip|run|drop|stop|swing)\s+(?:in(?:to)?|over to|round to|down to|by)\s+(?:the|a)\s+"
            r"(?:shop|store|chemist|pharmacy|post office|bank|market|butcher|bakery|garage|library)\b|"
            # paying a bill or calling a car in the user's name (交水电费, 叫个车)
            r"(?:交|缴)(?:一下|个)?(?:水电|水|电|燃气|煤气|物业|房租|学|话|网|停车)费|缴费|充值|转账|还款|"
            r"转(?:给)?[^，。,.]{0,4}?(?:[\d一二两三四五六七八九十百千万几]+\s*(?:块|元|万)|房租|钱)|"
            r"\b(?:transfer|wire|venmo|zelle)\s+(?:\w+\s+)?(?:[$€£¥]\s*\d|\d+\s*(?:dollars|euros|pounds|bucks))|"
            # things driven, carried or taken somewhere (把车开去4S店, "take my car to the garage")
            r"把[^，。,.]{1,8}(?:开|送|拿|搬|带)(?:去|到|回)|"
            # something hung, stuck or set up on a wall, a door, a shelf (把奖状贴到冰箱门上, "hang the mirror in the
            # hall"): hands on the thing (not 挂到闲鱼上 or 贴到群里, a post)
            r"把[^，。,.！？]{1,12}(?:挂|贴|钉|装|摆|放)(?:到|在)[^，。,.！？]{0,10}?(?:墙|门|窗|柜|架|桌|冰箱|天花板)"
            r"[^，。,.！？]{0,2}?上|"
            r"\b(?:hang|put up|mount|stick|pin|nail|frame)\s+(?:up\s+)?(?:the|my|our|this|that|these|those|a|an)\s+"
            r"(?:[\w'’-]+\s+){0,3}?(?:on|in|above|over|onto|by|beside)\s+(?:the|my|our)\s+(?:[\w'’-]+\s+){0,2}?"
            r"(?:wall|door|hallway|hall|fridge|window|ceiling|mantel(?:piece)?|fireplace|stairs|landing|porch)\b|"
            r"\b(?:drive|take|bring)\s+(?:my|our|the)\s+(?:car|bike|van|truck|dog|cat|kids?)\s+(?:to|in)\b|"
            r"叫(?:个|辆)?车|打车|"
            # printing on paper (not a program's print)
            r"\bprint\s+(?:out\s+)?(?:the|this|my|a|some|\d+)\b(?![^.]*\b(?:python|code|console|log|variable|"
            r"function|script|output)\b)|"
            # a message through the user's own phone or chat app (the agent has no account there)
            # (writing one, 写个微信, is drafting: the user sends it)
            r"(?:回|发|回复)(?:一下|个|条)?[^写，。,.]{0,8}(?:微信|短信)|(?:微信|短信)(?:上)?(?:回|发|告诉|跟|说)|"
            r"\b(?:send|reply|respond)\b[^.]{0,30}\b(?:whatsapp|wechat|imessage|sms|signal)\b|"
            r"\b(?:whatsapp|wechat)\s+(?:him|her|them|my|back)\b|\btext\s+(?:him|her|them|my|back)\b|"
            # a post on the user's own social account (发朋友圈, "post this on my LinkedIn"), not advice on one
            # (the words for a post, 发朋友圈的话 / 文案, are a draft: the user posts it)
            r"(?:发|晒)(?:一?条|个)?.{0,4}朋友圈(?!的?(?:话|文案|文字|内容|配文|句子|段子))|在朋友圈(?:里)?发|"
            # something put into a group chat in the user's name (把通知发到业主群里, "post the flyer in the
            # parents' group chat"), not words written for one (写一段话发在亲戚群里: the user posts them)
            r"(?:^|(?<=[，。,.！？\s]))[^写，。,.！？\s]{0,14}?(?:发到|发在|发进|转到|转发到|贴到|贴在)[^，。,.！？\s]{0,10}群|"
            r"\bpost\s+(?:it|this|that|the\s+[\w-]+)\s+(?:in|to|on)\s+(?:the|our|my)\s+(?:[\w'’-]+\s+){0,2}?"
            r"(?:group chat|group|chat)\b|"
            r"\bpost\s+(?:it|this|that|these|them)\s+(?:on|to)\s+my\s+(?:instagram|insta|facebook|linkedin|twitter|x|"
            r"story|feed)\b|"
            # something listed on a marketplace under the user's account ("put my flat on Airbnb", 挂到闲鱼上)
            r"\b(?:put|list|post|publish|upload|advertise)\s+(?:my|our|the|it|this|them)\s+(?:[\w'’-]+\s+){0,3}?"
            r"(?:on|onto|to)\s+(?:airbnb|etsy|ebay|amazon|vinted|depop|craigslist|gumtree|booking\.com|tripadvisor|"
            r"google maps|facebook marketplace|marketplace|viator|getyourguide|fiverr|upwork)\b|"
            r"(?:挂到|挂在|上架到|发到)(?:闲鱼|淘宝|小红书|美团|大众点评|拼多多)",
            IC,
        ),
        None,
        None,
        "This needs a step I cannot take myself; can you do it and tell me the result?",
        "It needs the physical world, your money or accounts, or a system I cannot reach.",
        "I will prepare everything up to that step.",
        # a reminder of a chore is written or set by the agent; the chore waits for its time
        unless=re.compile(r"\breminders?\s+(?:to|about|for)\b|\bremind\s+(?:me|us|him|her|them)\b|提醒", IC),
    ),
    Rule(  # asked to spend the user's money or act in their name: a booking, a purchase, a parcel
        "action",
        re.compile(
            # as verbs, not nouns ("the book chapter", "my order")
            r"(?<!\bthe )(?<!\bmy )(?<!\bour )(?<!\ba )(?<!\bthis )(?<!\btheir )(?<!\bhis )(?<!\bher )(?<!\byour )"
            r"(?<!\bits )\b(?:re-?)?(?:book|buy|purchase|order|pay|reserve|reschedule|cancel)\b"
            r"(?!\s+(?:of|to|by|in)\b)|"
            r"\bget\s+(?:me\s+|us\s+)?(?:\w+\s+){0,2}?tickets?\b|"  # tickets got for the user are bought
            r"\b(?:rent|hire)\s+(?:a|an|me|us|some)\b|"
            r"\bsend\s+(?:\w+\s+){0,2}?(?:flowers|a cake|a gift|a present|a hamper|a bouquet)\b|"
            # money given as a gift from the user's own account (发红包, "send my nephew some money")
            rf"{GIFT_MONEY}|"
            # a parcel or a letter put in the post ("mail the card to my niece"), not a post online
            r"\b(?:post|mail)\s+(?:this|the|a|my|it|these|them|that)\s+(?:[\w'’-]+\s+){0,2}?(?:parcels?|packages?|"
            r"letters?|cards?|box(?:es)?|postcards?|cheques?|checks?|forms?)\b|"
            r"(?<!\bwe )(?<!\bthey )\bship\b(?!\s+(?:on|in|with|to (?:ios|android|prod|production)|v?\d))|"
            r"订|买|购买|下单|付款|支付|预约|改约|退订|挂(?:个|一个)?号|" + SHIP_ZH,
            IC,
        ),
        None,
        None,
        "This needs a step I cannot take myself; can you do it and tell me the result?",
        "It needs the physical world, your money or accounts, or a system I cannot reach.",
        "I will prepare everything up to that step.",
        unless=QUESTION,
    ),
)

LOOKUP = re.compile(
    r"^\s*(?:what|how many|how much|when did|who (?:is|was|wrote)|where is|which year)\b|多少|是什么|哪一年|首都", IC
)
