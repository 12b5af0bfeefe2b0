<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>AboutDialog</name>
    <message>
        <source>A local-first chat client for your own API keys, built around assistant memory and context compaction. Conversations stay in your own database.</source>
        <translation>一个本地优先的聊天客户端，使用你自己的 API 密钥，围绕助手记忆和上下文压缩而构建。对话保存在你自己的数据库中。</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>数据文件夹</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>数据库</translation>
    </message>
    <message>
        <source>API keys</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <source>Log file</source>
        <translation>日志文件</translation>
    </message>
    <message>
        <source>Keyring backend</source>
        <translation>密钥环后端</translation>
    </message>
    <message>
        <source>About ChatHub Desktop</source>
        <translation>关于 ChatHub Desktop</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Data folder, database, log file, keyring backend and each provider&apos;s key</source>
        <translation>数据文件夹、数据库、日志文件、密钥环后端以及每个提供商的密钥</translation>
    </message>
    <message>
        <source>&amp;Copy details</source>
        <translation>复制详情</translation>
    </message>
    <message>
        <source>Copy the details (for a bug report)</source>
        <translation>复制详情（用于错误报告）</translation>
    </message>
    <message>
        <source>Open &amp;data folder</source>
        <translation>打开数据文件夹</translation>
    </message>
    <message>
        <source>Show the data folder, where the log file is too, in your file manager</source>
        <translation>在文件管理器中显示数据文件夹（日志文件也在其中）</translation>
    </message>
    <message>
        <source>Version %1</source>
        <translation>版本 %1</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>正在读取…</translation>
    </message>
    <message>
        <source>API keys: %1</source>
        <translation>API 密钥：%1</translation>
    </message>
    <message>
        <source>%1 licence</source>
        <translation>%1 许可证</translation>
    </message>
    <message>
        <source>Key of %1</source>
        <translation>%1 的密钥</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>Cannot open the ChatHub database:</source>
        <translation>无法打开 ChatHub 数据库：</translation>
    </message>
</context>
<context>
    <name>AssistantDialog</name>
    <message>
        <source>temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>top-p</source>
        <translation>top-p</translation>
    </message>
    <message>
        <source>reasoning effort</source>
        <translation>推理强度</translation>
    </message>
    <message>
        <source>thinking budget</source>
        <translation>思考预算</translation>
    </message>
    <message>
        <source>(none — pick one later)</source>
        <translation>（无——稍后再选）</translation>
    </message>
    <message>
        <source>model id, e.g. gpt-4o-mini</source>
        <translation>模型 ID，例如 gpt-4o-mini</translation>
    </message>
    <message>
        <source>Completion cap in tokens (reserved and sent only when the switch is on)</source>
        <translation>回复上限（令牌数；仅在开关打开时预留并发送）</translation>
    </message>
    <message>
        <source>Same as the conversation</source>
        <translation>与对话相同</translation>
    </message>
    <message>
        <source>New assistant</source>
        <translation>新建助手</translation>
    </message>
    <message>
        <source>Edit assistant</source>
        <translation>编辑助手</translation>
    </message>
    <message>
        <source>%1: summary up to about %2 tokens</source>
        <translation>%1：摘要最多约 %2 个令牌</translation>
    </message>
    <message>
        <source>Summary length: %1 tokens</source>
        <translation>摘要长度：%1 个令牌</translation>
    </message>
    <message>
        <source>Edit assistant %1</source>
        <translation>编辑助手 %1</translation>
    </message>
    <message>
        <source>no provider yet</source>
        <translation>尚无服务商</translation>
    </message>
    <message>
        <source>Sent (%1): %2</source>
        <translation>发送（%1）：%2</translation>
    </message>
    <message>
        <source>nothing; provider defaults</source>
        <translation>不发送；使用服务商默认值</translation>
    </message>
    <message>
        <source>Its avatar in the sidebar, its menu and the greeting: an emoji, or one or two letters (empty: the name&apos;s initial)</source>
        <translation>侧栏、菜单和问候语中的头像：一个表情符号，或一两个字母（留空：名称的首字母）</translation>
    </message>
    <message>
        <source>Avatar</source>
        <translation>头像</translation>
    </message>
    <message>
        <source>e.g. Coder, Writer, Tutor</source>
        <translation>例如 程序员、写手、导师</translation>
    </message>
    <message>
        <source>A unique name for this assistant</source>
        <translation>此助手的唯一名称</translation>
    </message>
    <message>
        <source>&amp;Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>&amp;Instructions</source>
        <translation>指令</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>&amp;Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Chat &amp;model</source>
        <translation>聊天模型</translation>
    </message>
    <message>
        <source>Max &amp;tokens</source>
        <translation>最大令牌数</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>采样</translation>
    </message>
    <message>
        <source>T&amp;emperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>T&amp;op-p</source>
        <translation>Top-p</translation>
    </message>
    <message>
        <source>&amp;Reasoning effort</source>
        <translation>推理强度</translation>
    </message>
    <message>
        <source>Thin&amp;king budget</source>
        <translation>思考预算</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Chat Preference</source>
        <translation>对话偏好</translation>
    </message>
    <message>
        <source>&amp;Limit history messages</source>
        <translation>限制历史消息</translation>
    </message>
    <message>
        <source>Assist p&amp;reset</source>
        <translation>辅助预设</translation>
    </message>
    <message>
        <source>&amp;High watermark</source>
        <translation>高水位线</translation>
    </message>
    <message>
        <source>Lan&amp;guage of summaries and dream cards</source>
        <translation>摘要和梦境卡片的语言</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Input &amp;template</source>
        <translation>输入模板</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>提示词</translation>
    </message>
    <message>
        <source>Model &amp;&amp; parameters</source>
        <translation>模型与参数</translation>
    </message>
    <message>
        <source>Memory &amp;&amp; context</source>
        <translation>记忆与上下文</translation>
    </message>
    <message>
        <source>Advanced</source>
        <translation>高级</translation>
    </message>
    <message>
        <source>The provider (API and key) this assistant chats through. Add providers under Settings → Providers.</source>
        <translation>此助手用来聊天的服务商（API 和密钥）。在 设置 → 服务商 中添加服务商。</translation>
    </message>
    <message>
        <source>Anthropic Messages only (thinking.budget_tokens, at least 1,024); not sent to OpenAI formats. Needs Max tokens on (above) and below it; temperature and top-p must be off.</source>
        <translation>仅用于 Anthropic Messages（thinking.budget_tokens，至少 1,024）；不发送给 OpenAI 格式。需要打开最大令牌数（见上方）且低于它；temperature 和 top-p 必须关闭。</translation>
    </message>
    <message>
        <source>The API and key this assistant chats through.</source>
        <translation>此助手聊天所用的 API 和密钥。</translation>
    </message>
    <message>
        <source>The model id as the provider names it: pick one or type any id.</source>
        <translation>服务商所用的模型 ID：从列表中选择，或输入任意 ID。</translation>
    </message>
    <message>
        <source>While on, reserved for the reply and sent as its cap.</source>
        <translation>打开时为回复预留，并作为回复上限发送。</translation>
    </message>
    <message>
        <source>Randomness of the reply, 0–2: lower is more focused.</source>
        <translation>回复的随机性，0–2：越低越专注。</translation>
    </message>
    <message>
        <source>Nucleus sampling, 0–1: the likeliest tokens up to this share.</source>
        <translation>核采样，0–1：只考虑累计概率达到此比例的最可能令牌。</translation>
    </message>
    <message>
        <source>OpenAI formats only; not sent to Anthropic.</source>
        <translation>仅用于 OpenAI 格式；不发送给 Anthropic。</translation>
    </message>
    <message>
        <source>Anthropic Messages only; below Max tokens, which must be on.</source>
        <translation>仅用于 Anthropic Messages；须低于最大令牌数，且最大令牌数必须打开。</translation>
    </message>
    <message>
        <source>Each setting is sent only while switched on; off, the provider&apos;s default applies.</source>
        <translation>每项设置仅在打开时发送；关闭时使用服务商的默认值。</translation>
    </message>
    <message>
        <source>Fixed memory and dreaming; off, none is sent or written.</source>
        <translation>固定记忆和做梦；关闭时既不发送也不写入记忆。</translation>
    </message>
    <message>
        <source>The model may search this assistant&apos;s other topics. Needs memory.</source>
        <translation>模型可以搜索此助手的其他话题。需要打开记忆。</translation>
    </message>
    <message>
        <source>Send only the topic&apos;s newest messages with each request.</source>
        <translation>每次请求只发送话题中最新的消息。</translation>
    </message>
    <message>
        <source>Fold the messages the limit leaves out into the topic summary.</source>
        <translation>把超出限制的消息并入话题摘要。</translation>
    </message>
    <message>
        <source>How long the topic summary may get.</source>
        <translation>话题摘要最多可以有多长。</translation>
    </message>
    <message>
        <source>Summarize the oldest turns when a request reaches the high watermark.</source>
        <translation>当请求达到高水位线时，总结最早的轮次。</translation>
    </message>
    <message>
        <source>Question each new summary before it replaces the old one.</source>
        <translation>新摘要替换旧摘要之前，先用问题检验它。</translation>
    </message>
    <message>
        <source>The language the History Compress model writes them in.</source>
        <translation>History Compress 模型撰写它们时使用的语言。</translation>
    </message>
    <message>
        <source>Wraps every message you send before the model reads it, earlier ones too. Write {{text}} where your message goes; it must be there, e.g. “Answer briefly: {{text}}”.</source>
        <translation>在模型读取之前包裹你发送的每条消息（包括较早的消息）。在放置消息的位置写 {{text}}；它必须出现，例如“请简短回答：{{text}}”。</translation>
    </message>
    <message>
        <source>The model id exactly as the provider names it (e.g. gpt-4o-mini, claude-sonnet-4-5, deepseek-chat). Pick a suggestion or type any id.</source>
        <translation>与服务商命名完全一致的模型 ID（例如 gpt-4o-mini、claude-sonnet-4-5、deepseek-chat）。可从建议中选择，也可输入任意 ID。</translation>
    </message>
    <message>
        <source>System instructions sent at the start of every request</source>
        <translation>每次请求开头发送的系统指令</translation>
    </message>
    <message>
        <source>Sent as the system message of every request in this assistant&apos;s topics.</source>
        <translation>作为此助手各话题中每次请求的系统消息发送。</translation>
    </message>
    <message>
        <source>&lt;p&gt;Applied to every user message sent (history included). &lt;code&gt;{{text}}&lt;/code&gt; is replaced by the message and must appear in the template, e.g. &lt;code&gt;Answer briefly: {{text}}&lt;/code&gt;.&lt;/p&gt;</source>
        <translation>&lt;p&gt;应用于发送的每条用户消息（包括历史）。&lt;code&gt;{{text}}&lt;/code&gt; 会被替换为消息内容，且必须出现在模板中，例如 &lt;code&gt;请简短回答：{{text}}&lt;/code&gt;。&lt;/p&gt;</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> 个令牌</translation>
    </message>
    <message>
        <source>&lt;p&gt;When on, this many tokens are reserved for the reply (the input budget is the context window minus it) and sent as the completion cap. When off, the value is neither reserved nor sent; the model&apos;s default applies.&lt;/p&gt;</source>
        <translation>&lt;p&gt;打开时，为回复预留这么多令牌（输入预算为上下文窗口减去它），并作为回复上限发送。关闭时，既不预留也不发送该值；使用模型的默认值。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Enable assistant &amp;memory</source>
        <translation>启用助手记忆</translation>
    </message>
    <message>
        <source>Master switch for this assistant&apos;s memory (fixed memory and dreaming). When off, no memory is added to requests and none is written.</source>
        <translation>此助手记忆（固定记忆和做梦）的总开关。关闭时，请求中不加入记忆，也不写入任何记忆。</translation>
    </message>
    <message>
        <source>&amp;Recall earlier topics</source>
        <translation>回想早先的话题</translation>
    </message>
    <message>
        <source>Let the model search this assistant&apos;s other topics and list its recent ones when you refer to an earlier conversation. Needs memory on; private topics are never searched, and a private topic cannot recall. The topics a reply consulted show in its receipt.</source>
        <translation>当你提到之前的对话时，让模型搜索此助手的其他话题并列出最近的话题。需要开启记忆；私密话题从不被搜索，私密话题也不能回想。回复参考过的话题会显示在其回执中。</translation>
    </message>
    <message>
        <source> messages</source>
        <translation> 条消息</translation>
    </message>
    <message>
        <source>How many of the newest topic messages each request sends</source>
        <translation>每次请求发送多少条最新的话题消息</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Limit history messages&lt;/b&gt;: send only the newest N topic messages with each request, counted back from your latest message (a long tool loop keeps its newest 20 results). Older messages stay in the topic; with &lt;b&gt;Summarize history&lt;/b&gt; on they are folded into the topic summary instead of being dropped silently.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;限制历史消息&lt;/b&gt;：每次请求只发送最新的 N 条话题消息，从你最新的消息往回数（长的工具循环保留最新的 20 个结果）。较早的消息仍留在话题中；开启&lt;b&gt;总结历史&lt;/b&gt;后，它们会并入话题摘要，而不是被悄悄丢弃。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Summarize history</source>
        <translation>总结历史</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Summarize history&lt;/b&gt;: before a send, turns the history limit would drop are summarized by the History Compress model (Settings → System Agent) into the topic&apos;s rolling summary, which is sent in their place. Needs &lt;b&gt;Limit history messages&lt;/b&gt;. The memory dream also reads these summaries.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;总结历史&lt;/b&gt;：发送前，历史限制将丢弃的轮次会由 History Compress 模型（设置 → 系统代理）总结进话题的滚动摘要，并代替它们发送。需要&lt;b&gt;限制历史消息&lt;/b&gt;。做梦也会读取这些摘要。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Compact</source>
        <translation>压缩</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Assist preset&lt;/b&gt;: how long the topic summary may get. &lt;b&gt;minimal&lt;/b&gt; ≈ 400 tokens, &lt;b&gt;balanced&lt;/b&gt; ≈ 600 tokens, &lt;b&gt;rich&lt;/b&gt; ≈ 800 tokens. A longer summary keeps more detail and costs more input on every request.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;辅助预设&lt;/b&gt;：话题摘要最多能有多长。&lt;b&gt;minimal&lt;/b&gt; ≈ 400 个令牌，&lt;b&gt;balanced&lt;/b&gt; ≈ 600 个令牌，&lt;b&gt;rich&lt;/b&gt; ≈ 800 个令牌。摘要越长，保留的细节越多，每次请求的输入开销也越大。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Token &amp;auto-compact</source>
        <translation>令牌自动压缩</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Token auto-compact&lt;/b&gt;: when the next request&apos;s estimate reaches the high watermark of the input budget, the oldest completed turns are summarized until it is back at the low watermark. It reacts to new messages; it never polls. Compact now (Topic menu or the token badge) works with this off.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;令牌自动压缩&lt;/b&gt;：当下一次请求的估算达到输入预算的高水位线时，会总结最早的完整轮次，直到回到低水位线。它响应新消息，从不轮询。关闭此项时，“立即压缩”（话题菜单或令牌徽标）仍可使用。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>When the next request fills this share of what the model can read, older messages are summarized</source>
        <translation>当下一次请求占满模型可读取内容的这一比例时，较早的消息会被总结</translation>
    </message>
    <message>
        <source>Share of the input budget at which token auto-compact starts (0.50–0.99)</source>
        <translation>令牌自动压缩开始时所占输入预算的比例（0.50–0.99）</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;High watermark&lt;/b&gt;: the share of the input budget (context window minus the reply reserve) at which token auto-compact starts, 0.50–0.99, default 0.80. The &lt;b&gt;low watermark&lt;/b&gt;, the target after compacting, is always 0.20 lower (at least 0.10).&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;高水位线&lt;/b&gt;：令牌自动压缩开始时所占输入预算（上下文窗口减去回复预留）的比例，0.50–0.99，默认 0.80。&lt;b&gt;低水位线&lt;/b&gt;是压缩后的目标，始终比它低 0.20（至少 0.10）。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Summarizing stops once the next request is back down to this share</source>
        <translation>下一次请求降回到这一比例后，总结即停止</translation>
    </message>
    <message>
        <source>Read-only: always 0.20 below the high watermark (at least 0.10); auto-compact summarizes until the estimate is back here</source>
        <translation>只读：始终比高水位线低 0.20（至少 0.10）；自动压缩会一直总结，直到估算回到这里</translation>
    </message>
    <message>
        <source>Low watermark</source>
        <translation>低水位线</translation>
    </message>
    <message>
        <source>Check new summaries with &amp;probes</source>
        <translation>用探测问题检查新摘要</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Check new summaries with probes&lt;/b&gt;: after each compaction the History Compress model answers a few questions about the covered turns (files and paths, decisions, open tasks, numbers) with the turns and with only the new summary. A summary that loses an answer is not stored: the old summary stays and the compaction says why. Each probe costs two extra requests.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;用探测问题检查新摘要&lt;/b&gt;：每次压缩后，History Compress 模型会就被涵盖的轮次回答几个问题（文件和路径、决定、未完成的任务、数字），一次依据这些轮次，一次只依据新摘要。丢失答案的摘要不会被保存：旧摘要保留，压缩会说明原因。每个探测问题多花两次请求。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Language of summaries and dream cards&lt;/b&gt;: the language the History Compress model writes this assistant&apos;s topic summaries and dream cards in. &lt;b&gt;Same as the conversation&lt;/b&gt; writes them in the language you chat in, or in the one named under Settings → System Agent when it names one. The interface language never changes what the model reads.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;摘要和梦境卡片的语言&lt;/b&gt;：History Compress 模型为此助手撰写话题摘要和梦境卡片时使用的语言。&lt;b&gt;与对话相同&lt;/b&gt;：使用你聊天所用的语言；若 设置 → 系统代理 中指定了语言，则使用该语言。界面语言从不改变模型读到的内容。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Randomness of the reply, 0–2 (lower is more focused). Off: not sent; the model&apos;s default applies.</source>
        <translation>回复的随机性，0–2（越低越集中）。关闭：不发送；使用模型的默认值。</translation>
    </message>
    <message>
        <source>Nucleus sampling, 0–1: only the most likely tokens whose probabilities add up to this are considered. Off: not sent.</source>
        <translation>核采样，0–1：只考虑概率累计达到此值的最可能的令牌。关闭：不发送。</translation>
    </message>
    <message>
        <source>OpenAI Chat Completions (reasoning_effort) and Responses (reasoning.effort) only; not sent to Anthropic. Reasoning models reject temperature and top-p, so leave those off with it.</source>
        <translation>仅用于 OpenAI Chat Completions（reasoning_effort）和 Responses（reasoning.effort）；不发送给 Anthropic。推理模型不接受 temperature 和 top-p，因此使用它时请关闭这两项。</translation>
    </message>
</context>
<context>
    <name>Attachments</name>
    <message>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
    <message>
        <source>Attach images or text files (%1); you can also paste or drop them</source>
        <translation>附加图片或文本文件（%1）；也可以粘贴或拖放</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>附件</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>附加文件</translation>
    </message>
    <message>
        <source>Attach files…</source>
        <translation>附加文件…</translation>
    </message>
    <message>
        <source>%1 is no longer in the store</source>
        <translation>%1 已不在存储中</translation>
    </message>
    <message>
        <source>This image cannot be shown.</source>
        <translation>无法显示这张图片。</translation>
    </message>
</context>
<context>
    <name>ChatEmpty</name>
    <message>
        <source>Explain something simply</source>
        <translation>简单解释一件事</translation>
    </message>
    <message>
        <source>Explain in simple terms, with one example: </source>
        <translation>请用简单的话解释，并举一个例子：</translation>
    </message>
    <message>
        <source>Draft a message</source>
        <translation>起草一条消息</translation>
    </message>
    <message>
        <source>Help me write a short, friendly message to </source>
        <translation>帮我写一条简短友好的消息给</translation>
    </message>
    <message>
        <source>Summarize a text</source>
        <translation>总结一段文字</translation>
    </message>
    <message>
        <source>Summarize the key points of this text in five bullets:

</source>
        <translation>用五个要点总结这段文字：

</translation>
    </message>
    <message>
        <source>Brainstorm ideas</source>
        <translation>头脑风暴</translation>
    </message>
    <message>
        <source>Give me ten ideas for </source>
        <translation>给我十个关于以下主题的点子：</translation>
    </message>
    <message>
        <source>No assistant</source>
        <translation>没有助手</translation>
    </message>
    <message>
        <source>Create an assistant to start chatting.</source>
        <translation>创建一个助手即可开始对话。</translation>
    </message>
    <message>
        <source>Connect %1 to a model</source>
        <translation>为 %1 连接一个模型</translation>
    </message>
    <message>
        <source>Add a provider with your API key or a local server, then choose it for this assistant.</source>
        <translation>用你的 API 密钥或本地服务器添加一个服务商，然后为这个助手选择它。</translation>
    </message>
    <message>
        <source>Choose a model for %1</source>
        <translation>为 %1 选择模型</translation>
    </message>
    <message>
        <source>Edit the assistant and pick one of its provider&apos;s models.</source>
        <translation>编辑助手，并从它的服务商的模型中选一个。</translation>
    </message>
    <message>
        <source>Chat with %1</source>
        <translation>与 %1 对话</translation>
    </message>
    <message>
        <source>Type a message below to start a topic: %1 answers.</source>
        <translation>在下方输入消息即可开始话题：%1 会回答。</translation>
    </message>
    <message>
        <source>Put “%1” in the message box</source>
        <translation>将“%1”填入消息框</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>Add a provider</source>
        <translation>添加服务商</translation>
    </message>
    <message>
        <source>Edit assistant</source>
        <translation>编辑助手</translation>
    </message>
    <message>
        <source>your assistant</source>
        <translation>你的助手</translation>
    </message>
    <message>
        <source>Hi, I&apos;m %1. How can I help?</source>
        <translation>你好，我是 %1。有什么可以帮你？</translation>
    </message>
    <message>
        <source>%1 answers here.</source>
        <translation>%1 会在这里回答。</translation>
    </message>
    <message>
        <source>Pick a prompt or type below.</source>
        <translation>选一个提示，或在下方输入。</translation>
    </message>
</context>
<context>
    <name>ChatHeader</name>
    <message>
        <source>Topic list</source>
        <translation>话题列表</translation>
    </message>
    <message>
        <source>Open topic</source>
        <translation>当前话题</translation>
    </message>
</context>
<context>
    <name>CompactionOutcome</name>
    <message>
        <source>The conversation is getting long: summarizing older messages…</source>
        <translation>对话越来越长：正在总结较早的消息…</translation>
    </message>
    <message>
        <source>Past the history limit: summarizing older messages…</source>
        <translation>已超过历史限制：正在总结较早的消息…</translation>
    </message>
    <message>
        <source>Too long for the model: summarizing older messages…</source>
        <translation>对模型来说太长：正在总结较早的消息…</translation>
    </message>
    <message>
        <source>Near the context window: the chat model is summarizing older messages…</source>
        <translation>接近上下文窗口：聊天模型正在总结较早的消息…</translation>
    </message>
    <message>
        <source>Older messages were summarized to keep the conversation within its token budget</source>
        <translation>较早的消息已被总结，使对话保持在令牌预算之内</translation>
    </message>
    <message>
        <source>Older messages were summarized: the topic passed its history limit</source>
        <translation>较早的消息已被总结：话题超过了历史限制</translation>
    </message>
    <message>
        <source>The request was too long for the model, so older messages were summarized</source>
        <translation>请求对模型来说太长，因此较早的消息已被总结</translation>
    </message>
    <message>
        <source>The chat model summarized older messages: the topic neared its context window</source>
        <translation>聊天模型已总结较早的消息：话题接近其上下文窗口</translation>
    </message>
    <message>
        <source>No older messages could be summarized yet</source>
        <translation>暂时没有可以总结的较早消息</translation>
    </message>
    <message>
        <source>Summarizing older messages failed</source>
        <translation>总结较早的消息失败</translation>
    </message>
    <message>
        <source>Summarized what could be; the next request is still above the target</source>
        <translation>已尽可能总结；下一次请求仍高于目标</translation>
    </message>
    <message>
        <source>Summarizing older messages was stopped</source>
        <translation>已停止总结较早的消息</translation>
    </message>
    <message>
        <source>Summarizing older messages…</source>
        <translation>正在总结较早的消息…</translation>
    </message>
    <message>
        <source>Older messages were summarized</source>
        <translation>较早的消息已被总结</translation>
    </message>
    <message>
        <source> · next request %1 → %2 tokens</source>
        <translation> · 下一次请求 %1 → %2 个令牌</translation>
    </message>
    <message>
        <source>The next request now takes %1 tokens instead of %2. %3.</source>
        <translation>下一次请求现在占用 %1 个令牌，而不是 %2 个。%3。</translation>
    </message>
    <message>
        <source>Compacted: %1</source>
        <translation>已压缩：%1</translation>
    </message>
    <message>
        <source>Nothing to gain: %1</source>
        <translation>没有收益：%1</translation>
    </message>
    <message>
        <source>Nothing to compact yet: %1.</source>
        <translation>暂无可压缩的内容：%1。</translation>
    </message>
    <message>
        <source>Nothing to compact yet.</source>
        <translation>暂无可压缩的内容。</translation>
    </message>
    <message>
        <source>Compaction failed: %1</source>
        <translation>压缩失败：%1</translation>
    </message>
    <message>
        <source>Compaction failed</source>
        <translation>压缩失败</translation>
    </message>
    <message>
        <source>Could not reach the target: %1</source>
        <translation>未能达到目标：%1</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop this compaction (Esc); nothing of it is stored</source>
        <translation>停止这次压缩（Esc）；不会保存任何结果</translation>
    </message>
    <message>
        <source>Open Settings → Providers at the provider that could not be reached</source>
        <translation>打开 设置 → 服务商，并选中无法连接的那个服务商</translation>
    </message>
    <message>
        <source>This topic is already compacting; wait for that run to finish (Esc stops it)</source>
        <translation>这个话题正在压缩；请等它完成（Esc 可停止）</translation>
    </message>
    <message>
        <source>Compacting…</source>
        <translation>正在压缩…</translation>
    </message>
    <message>
        <source>Compaction stopped — the summary is unchanged</source>
        <translation>压缩已停止——摘要未改变</translation>
    </message>
    <message>
        <source>Compacting… batch %1 of %2</source>
        <translation>正在压缩…第 %1 批，共 %2 批</translation>
    </message>
    <message>
        <source>Compaction failed: can&apos;t reach %1</source>
        <translation>压缩失败：无法连接 %1</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <source>Nothing to send: type a message first</source>
        <translation>没有可发送的内容：请先输入消息</translation>
    </message>
    <message>
        <source>A reply is still being written in this topic: wait for it or press Stop (Esc)</source>
        <translation>此话题中的回复仍在生成：请等待完成，或按“停止”（Esc）</translation>
    </message>
    <message>
        <source>Message — %1 to send, %2 for a new line</source>
        <translation>输入消息 — %1 发送，%2 换行</translation>
    </message>
    <message>
        <source>Message draft</source>
        <translation>消息草稿</translation>
    </message>
    <message>
        <source>Your message. Markdown is fine. %1 sends, %2 makes a new line, Esc stops a reply.</source>
        <translation>你的消息，可以使用 Markdown。%1 发送，%2 换行，Esc 停止回复。</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the reply being written in this topic (Esc); what arrived is kept</source>
        <translation>停止此话题中正在生成的回复（Esc），已收到的内容会保留</translation>
    </message>
    <message>
        <source>Stop the reply</source>
        <translation>停止回复</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <source>Send the message</source>
        <translation>发送消息</translation>
    </message>
    <message>
        <source>Send the message (%1)</source>
        <translation>发送消息（%1）</translation>
    </message>
    <message>
        <source>Opening your chats…</source>
        <translation>正在打开你的对话…</translation>
    </message>
    <message>
        <source>Add a provider and choose a model for this assistant first (Assistant → Edit…)</source>
        <translation>请先添加服务商并为这个助手选择模型（助手 → 编辑…）</translation>
    </message>
    <message>
        <source>Create an assistant first (Assistant → New…)</source>
        <translation>请先创建一个助手（助手 → 新建…）</translation>
    </message>
    <message>
        <source>%1 B</source>
        <comment>a size in bytes</comment>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>Pasted text · %1 · %2</source>
        <comment>size, lines</comment>
        <translation>粘贴的文本 · %1 · %2</translation>
    </message>
    <message numerus="yes">
        <source>%Ln line(s)</source>
        <translation><numerusform>%Ln 行</numerusform></translation>
    </message>
    <message>
        <source>Sent as part of your message; click to read it</source>
        <translation>作为你消息的一部分发送；点击即可阅读</translation>
    </message>
    <message>
        <source>Remove the pasted text</source>
        <translation>移除粘贴的文本</translation>
    </message>
    <message>
        <source>The first %1 of %2 characters; all of them are sent.</source>
        <translation>%2 个字符中的前 %1 个；全部都会发送。</translation>
    </message>
</context>
<context>
    <name>Confirm</name>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
</context>
<context>
    <name>ConnectionTest</name>
    <message>
        <source>&amp;Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>Ask the provider for its model list with these settings (nothing is saved)</source>
        <translation>用这些设置向服务商请求模型列表（不会保存任何内容）</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>正在测试…</translation>
    </message>
    <message>
        <source>answered in %1 s</source>
        <translation>用时 %1 秒</translation>
    </message>
    <message numerus="yes">
        <source>reachable, key accepted, %n model(s) offered — %1</source>
        <translation><numerusform>可以连接，密钥有效，提供 %n 个模型 — %1</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>reachable without a key, %n model(s) offered — %1</source>
        <translation><numerusform>无需密钥即可连接，提供 %n 个模型 — %1</numerusform></translation>
    </message>
</context>
<context>
    <name>ContextControls</name>
    <message>
        <source>Pinned: this message is always sent in full, even after older messages are summarized. It uses part of the input budget.</source>
        <translation>已置顶：即使较早的消息被总结，这条消息也总会完整发送。它会占用一部分输入预算。</translation>
    </message>
    <message>
        <source>Unpinned: this message may be summarized with the older ones</source>
        <translation>已取消置顶：这条消息可能会和较早的消息一起被总结</translation>
    </message>
    <message>
        <source>What must the summary keep? For example: the SQL schema and every file path.
Leave it empty to compact as usual.</source>
        <translation>摘要必须保留什么？例如：SQL 结构和每个文件路径。
留空则照常压缩。</translation>
    </message>
    <message>
        <source>Compact with &amp;focus…</source>
        <translation>带重点压缩…</translation>
    </message>
    <message>
        <source>Compact now, telling the History Compress model what the summary must keep</source>
        <translation>立即压缩，并告诉History Compress 模型摘要必须保留什么</translation>
    </message>
    <message>
        <source>Dream review: new dream cards waiting for your accept or discard</source>
        <translation>梦境审阅：等待你接受或丢弃的新梦境卡片</translation>
    </message>
    <message>
        <source>That topic is not listed any more</source>
        <translation>该话题已不在列表中</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Memory (%n dream proposal(s))…</source>
        <translation><numerusform>记忆（%n 条梦境提议）…</numerusform></translation>
    </message>
    <message>
        <source>Memory (%1)</source>
        <translation>记忆（%1）</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Compact with focus</source>
        <translation>带重点压缩</translation>
    </message>
</context>
<context>
    <name>Dates</name>
    <message>
        <source>d MMM yyyy</source>
        <translation>yyyy年M月d日</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1 %2</translation>
    </message>
</context>
<context>
    <name>EmptyState</name>
    <message>
        <source>Learn more</source>
        <translation>了解更多</translation>
    </message>
</context>
<context>
    <name>ErrorBar</name>
    <message>
        <source>This is a bug in ChatHub Desktop. The same text is in chathub.log in the data folder.</source>
        <translation>这是 ChatHub Desktop 的程序错误。相同内容也记录在数据文件夹的 chathub.log 中。</translation>
    </message>
    <message>
        <source>Something went wrong.</source>
        <translation>出了点问题。</translation>
    </message>
    <message>
        <source>Something went wrong (%1).</source>
        <translation>出了点问题（%1）。</translation>
    </message>
    <message>
        <source>Error details</source>
        <translation>错误详情</translation>
    </message>
    <message>
        <source>Copy details</source>
        <translation>复制详情</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Try it again now</source>
        <translation>立即重试</translation>
    </message>
    <message>
        <source>Details…</source>
        <translation>详情…</translation>
    </message>
    <message>
        <source>Show the traceback of this error</source>
        <translation>显示此错误的回溯信息</translation>
    </message>
    <message>
        <source>Show what failed and why</source>
        <translation>显示失败的内容和原因</translation>
    </message>
    <message>
        <source>Dismiss error</source>
        <translation>关闭错误</translation>
    </message>
    <message>
        <source>Hide this error</source>
        <translation>隐藏此错误</translation>
    </message>
    <message numerus="yes">
        <source> (%n earlier)</source>
        <translation><numerusform>（之前还有 %n 个）</numerusform></translation>
    </message>
    <message>
        <source>A tool server did not start. Check its command and settings in Settings → Tools; its own words are below.</source>
        <translation>一个工具服务器未能启动。请在“设置 → 工具”中检查它的命令和设置；下面是它自己的输出。</translation>
    </message>
    <message>
        <source>The History Compress model or its provider failed; the reason is below.</source>
        <translation>History Compress 模型或其服务商出错；原因见下方。</translation>
    </message>
</context>
<context>
    <name>FieldNote</name>
    <message>
        <source>More</source>
        <translation>更多</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <source>Detect from the file</source>
        <translation>从文件检测</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Chat history exports (*.json *.zip);;All files (*)</source>
        <translation>聊天记录导出文件 (*.json *.zip);;所有文件 (*)</translation>
    </message>
    <message>
        <source>The export holds no conversations; nothing was imported</source>
        <translation>导出文件中没有对话；未导入任何内容</translation>
    </message>
    <message>
        <source>Imported %1 and %2</source>
        <comment>topics, messages</comment>
        <translation>已导入 %1和 %2</translation>
    </message>
    <message numerus="yes">
        <source>%Ln topic(s)</source>
        <translation><numerusform>%Ln 个话题</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln message(s)</source>
        <translation><numerusform>%Ln 条消息</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>; %Ln earlier import(s) got their new messages</source>
        <translation><numerusform>；%Ln 个先前导入的话题获得了新消息</numerusform></translation>
    </message>
    <message numerus="yes">
        <source> (%Ln already imported, skipped)</source>
        <translation><numerusform>（%Ln 个已导入，已跳过）</numerusform></translation>
    </message>
    <message>
        <source>; %1 skipped: %2</source>
        <comment>count, the conversations and why</comment>
        <translation>；跳过 %1 个：%2</translation>
    </message>
    <message>
        <source>; and %1 more</source>
        <translation>；以及另外 %1 个</translation>
    </message>
    <message numerus="yes">
        <source>; %Ln message(s) on other branches not imported (a topic keeps one branch)</source>
        <translation><numerusform>；其他分支上的 %Ln 条消息未导入（一个话题只保留一个分支）</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>; %Ln character(s) that no store keeps (NUL or a lone surrogate) replaced by %1</source>
        <translation><numerusform>；%Ln 个任何存储都无法保存的字符（NUL 或单独的代理项）已替换为 %1</numerusform></translation>
    </message>
    <message>
        <source>%1 of %2 MB read · %3</source>
        <comment>MB read, MB in all, conversations</comment>
        <translation>已读取 %1 / %2 MB · %3</translation>
    </message>
    <message numerus="yes">
        <source>%Ln conversation(s)</source>
        <translation><numerusform>%Ln 个对话</numerusform></translation>
    </message>
    <message>
        <source>Import chat history</source>
        <translation>导入聊天记录</translation>
    </message>
    <message>
        <source>Each conversation becomes a topic of the chosen assistant (the branch you last viewed). Importing the same export again skips conversations already imported and adds only the new messages of those that went on. You can drop the file onto this window.</source>
        <translation>每个对话都会成为所选助手的一个话题（你上次查看的分支）。再次导入同一个导出文件时，会跳过已导入的对话，只为后来继续的对话添加新消息。你可以把文件拖放到此窗口。</translation>
    </message>
    <message>
        <source>conversations.json, an export .json or the export .zip</source>
        <translation>conversations.json、导出的 .json 或导出的 .zip</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>an app, how it exports</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Choose the export file</source>
        <translation>选择导出文件</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>Which app the export comes from; detected from the file&apos;s first conversation unless you choose one</source>
        <translation>导出文件来自哪个应用；除非你自行选择，否则根据文件中的第一个对话检测</translation>
    </message>
    <message>
        <source>F&amp;ormat:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <source>Imported conversations become topics of this assistant; its instructions and memory apply when you continue them.</source>
        <translation>导入的对话会成为此助手的话题；继续这些对话时，会应用它的指令和记忆。</translation>
    </message>
    <message>
        <source>&amp;Into assistant:</source>
        <translation>导入到助手：</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Start importing (you can cancel; nothing is written until it completes)</source>
        <translation>开始导入（可以取消；完成之前不会写入任何内容）</translation>
    </message>
    <message>
        <source>&amp;Open topic</source>
        <translation>打开话题</translation>
    </message>
    <message>
        <source>Show the first imported topic</source>
        <translation>显示导入的第一个话题</translation>
    </message>
    <message>
        <source>Stop the import; nothing is written</source>
        <translation>停止导入；不会写入任何内容</translation>
    </message>
    <message>
        <source>Detected: %1 export</source>
        <translation>已检测：%1 导出文件</translation>
    </message>
    <message>
        <source>Not a format this app reads</source>
        <translation>不是此应用能读取的格式</translation>
    </message>
    <message>
        <source>Chat history export</source>
        <translation>聊天记录导出文件</translation>
    </message>
    <message>
        <source>Create an assistant first.</source>
        <translation>请先创建一个助手。</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在开始…</translation>
    </message>
    <message>
        <source>Import failed</source>
        <translation>导入失败</translation>
    </message>
    <message>
        <source>Import cancelled; nothing was imported.</source>
        <translation>导入已取消；未导入任何内容。</translation>
    </message>
    <message>
        <source> This export also holds what Claude remembers about you: Assistant → Memory… → Import from another assistant… → From a Claude export zip… offers it as entries.</source>
        <translation> 此导出文件还包含 Claude 对你的记忆：助手 → 记忆… → 从其他助手导入… → 从 Claude 导出的 zip… 会把它作为条目提供。</translation>
    </message>
    <message>
        <source>%1.%2</source>
        <comment>the result, a note</comment>
        <translation>%1。%2</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
</context>
<context>
    <name>InlineEditor</name>
    <message>
        <source>Saving clears the topic summary, as it includes this message; the next compaction writes a new one from the messages.</source>
        <translation>保存会清除话题摘要，因为摘要包含这条消息；下次压缩会根据消息重新写一份。</translation>
    </message>
    <message>
        <source>The edited message is empty: type its text, or press Esc to keep it as it is</source>
        <translation>编辑后的消息是空的：请输入内容，或按 Esc 保持原样</translation>
    </message>
    <message>
        <source>%1 resends</source>
        <translation>%1 重新发送</translation>
    </message>
    <message>
        <source>%1 new line</source>
        <translation>%1 换行</translation>
    </message>
    <message>
        <source>Esc cancels</source>
        <translation>Esc 取消</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>编辑消息</translation>
    </message>
    <message>
        <source>Message text</source>
        <translation>消息文本</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Keep the message as it is (Esc)</source>
        <translation>保持消息原样（Esc）</translation>
    </message>
    <message>
        <source>Save only</source>
        <translation>仅保存</translation>
    </message>
    <message>
        <source>Change the text without asking for a new reply</source>
        <translation>修改文字，但不请求新的回复</translation>
    </message>
    <message>
        <source>Resend</source>
        <translation>重新发送</translation>
    </message>
    <message>
        <source>Start a new branch here with this text and ask for a new reply; the current branch stays reachable with the message&apos;s ‹ › arrows</source>
        <translation>用这段文字在此开始一个新分支并请求新的回复；当前分支仍可通过消息的 ‹ › 箭头访问</translation>
    </message>
</context>
<context>
    <name>InvisibleText</name>
    <message numerus="yes">
        <source>%Ln invisible character(s) not shown</source>
        <translation><numerusform>%Ln 个不可见字符未显示</numerusform></translation>
    </message>
</context>
<context>
    <name>LinkPolicy</name>
    <message>
        <source>%1: links</source>
        <translation>%1: 链接</translation>
    </message>
    <message>
        <source>file paths</source>
        <translation>文件路径</translation>
    </message>
    <message>
        <source>Not opened: %1 in messages are not followed (%2)</source>
        <translation>未打开：不会跟随消息中的%1（%2）</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Code block copied</source>
        <translation>代码块已复制</translation>
    </message>
    <message>
        <source>No assistant</source>
        <translation>没有助手</translation>
    </message>
    <message>
        <source>%1: %2 via %3</source>
        <translation>%1：%2，通过 %3</translation>
    </message>
    <message>
        <source>no model</source>
        <translation>无模型</translation>
    </message>
    <message>
        <source>no provider</source>
        <translation>无服务商</translation>
    </message>
    <message>
        <source>ChatHub was started again: this window is the one for your data</source>
        <translation>ChatHub 又被启动了一次：这个窗口就是你的数据所在的窗口</translation>
    </message>
    <message>
        <source>&amp;Topics</source>
        <translation>话题</translation>
    </message>
    <message>
        <source>Topics</source>
        <translation>话题</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>This assistant&apos;s conversations, newest first; F2 renames the selected one, Delete deletes it.</source>
        <translation>与此助手的对话，最新的在前；F2 重命名所选对话，Delete 删除它。</translation>
    </message>
    <message>
        <source>Rename topic</source>
        <translation>重命名话题</translation>
    </message>
    <message>
        <source>Delete topic</source>
        <translation>删除话题</translation>
    </message>
    <message>
        <source>New topic</source>
        <translation>新建话题</translation>
    </message>
    <message>
        <source>Waiting for the store — another ChatHub process is writing…</source>
        <translation>正在等待数据库 — 另一个 ChatHub 进程正在写入…</translation>
    </message>
</context>
<context>
    <name>McpServerDialog</name>
    <message>
        <source>Program on this computer (stdio)</source>
        <translation>本机上的程序（stdio）</translation>
    </message>
    <message>
        <source>Streamable HTTP address</source>
        <translation>可流式传输的 HTTP 地址</translation>
    </message>
    <message>
        <source>Use with these assistants</source>
        <translation>用于这些助手</translation>
    </message>
    <message>
        <source>Edit MCP server %1</source>
        <translation>编辑 MCP 服务器 %1</translation>
    </message>
    <message>
        <source>Add MCP server</source>
        <translation>添加 MCP 服务器</translation>
    </message>
    <message>
        <source>e.g. time (letters, digits, &apos;_&apos;, &apos;.&apos;, &apos;-&apos;)</source>
        <translation>例如 time（字母、数字、&apos;_&apos;、&apos;.&apos;、&apos;-&apos;）</translation>
    </message>
    <message>
        <source>&amp;Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>&amp;Runs as</source>
        <translation>运行方式</translation>
    </message>
    <message>
        <source>The assistants that get this server&apos;s tools; change it later under Tools of assistant</source>
        <translation>获得此服务器工具的助手；之后可在助手的“工具”中更改</translation>
    </message>
    <message>
        <source>Use &amp;with</source>
        <translation>用于</translation>
    </message>
    <message>
        <source>&amp;Test</source>
        <translation>测试</translation>
    </message>
    <message>
        <source>Start the server as filled in, list its tools and stop it (nothing is saved)</source>
        <translation>按所填内容启动服务器，列出其工具后停止（不会保存任何内容）</translation>
    </message>
    <message>
        <source>Sign &amp;in…</source>
        <translation>登录…</translation>
    </message>
    <message>
        <source>Open the server&apos;s sign-in page in your browser; the app keeps the sign-in in the keyring, never in its database</source>
        <translation>在浏览器中打开服务器的登录页面；应用把登录信息保存在密钥环中，从不存入数据库</translation>
    </message>
    <message>
        <source>e.g. uvx or npx (found on your login shell&apos;s PATH)</source>
        <translation>例如 uvx 或 npx（在登录 shell 的 PATH 中查找）</translation>
    </message>
    <message>
        <source>&amp;Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>one argument a line, e.g.
mcp-server-time</source>
        <translation>每行一个参数，例如
mcp-server-time</translation>
    </message>
    <message>
        <source>&amp;Arguments</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>NAME=VALUE, one a line</source>
        <translation>NAME=VALUE，每行一个</translation>
    </message>
    <message>
        <source>&amp;Environment</source>
        <translation>环境变量</translation>
    </message>
    <message>
        <source>empty: the app&apos;s folder</source>
        <translation>留空：应用的文件夹</translation>
    </message>
    <message>
        <source>Choose the working folder</source>
        <translation>选择工作文件夹</translation>
    </message>
    <message>
        <source>&amp;Working folder</source>
        <translation>工作文件夹</translation>
    </message>
    <message>
        <source>&amp;URL</source>
        <translation>&amp;URL</translation>
    </message>
    <message>
        <source>Name: value, one a line, e.g.
Authorization: Bearer …</source>
        <translation>名称: 值，每行一个，例如
Authorization: Bearer …</translation>
    </message>
    <message>
        <source>&amp;Headers</source>
        <translation>请求头</translation>
    </message>
    <message>
        <source>A server&apos;s name prefixes its tools&apos; names; remove and add it to rename</source>
        <translation>服务器名称是其工具名称的前缀；要改名请删除后重新添加</translation>
    </message>
    <message>
        <source>Working folder of the server</source>
        <translation>服务器的工作文件夹</translation>
    </message>
    <message>
        <source>Starting %1…</source>
        <translation>正在启动 %1…</translation>
    </message>
    <message>
        <source>Test %1</source>
        <translation>测试 %1</translation>
    </message>
    <message>
        <source>Finish signing in to %1 in your browser…</source>
        <translation>请在浏览器中完成 %1 的登录…</translation>
    </message>
    <message>
        <source>Sign in to %1</source>
        <translation>登录 %1</translation>
    </message>
    <message>
        <source>no tools</source>
        <translation>没有工具</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 %3 — %Ln tool(s): %4</source>
        <translation><numerusform>%1：%2 %3 — %Ln 个工具：%4</numerusform></translation>
    </message>
    <message>
        <source>Save %1</source>
        <translation>保存 %1</translation>
    </message>
</context>
<context>
    <name>MemoryPage</name>
    <message>
        <source>Fixed memory</source>
        <translation>固定记忆</translation>
    </message>
    <message>
        <source>&amp;Add memory</source>
        <translation>添加记忆</translation>
    </message>
    <message>
        <source>Add memory</source>
        <translation>添加记忆</translation>
    </message>
    <message>
        <source>Add entries at the end: type each in the editor above the list and press Enter (Ctrl+N)</source>
        <translation>在末尾添加条目：在列表上方的编辑框中逐条输入，每条按 Enter（Ctrl+N）</translation>
    </message>
    <message>
        <source>&amp;Edit raw</source>
        <translation>编辑原文</translation>
    </message>
    <message>
        <source>Edit the whole memory as one Markdown document (Ctrl+E)</source>
        <translation>将整个记忆作为一个 Markdown 文档编辑（Ctrl+E）</translation>
    </message>
    <message>
        <source>Edit raw</source>
        <translation>编辑原文</translation>
    </message>
    <message>
        <source>&amp;Search memory</source>
        <translation>搜索记忆</translation>
    </message>
    <message>
        <source>Narrow the list to entries that share words with what you type (%1)</source>
        <translation>只显示与输入内容有相同词语的条目（%1）</translation>
    </message>
    <message>
        <source>Search memory</source>
        <translation>搜索记忆</translation>
    </message>
    <message>
        <source>&amp;History…</source>
        <translation>历史记录…</translation>
    </message>
    <message>
        <source>Every change of this assistant&apos;s fixed and dynamic memory — when, who, what — with Revert</source>
        <translation>此助手固定记忆和动态记忆的每次更改——时间、作者、内容——并可还原</translation>
    </message>
    <message>
        <source>History…</source>
        <translation>历史记录…</translation>
    </message>
    <message>
        <source>More memory actions</source>
        <translation>更多记忆操作</translation>
    </message>
    <message>
        <source>Import, Import from another assistant, Export, Copy, Clear</source>
        <translation>导入、从其他助手导入、导出、复制、清空</translation>
    </message>
    <message>
        <source>Fixed memory entries</source>
        <translation>固定记忆条目</translation>
    </message>
    <message>
        <source>&amp;Edit entry</source>
        <translation>编辑条目</translation>
    </message>
    <message>
        <source>Edit the selected entry in place (Enter or double-click; Enter saves, Esc cancels)</source>
        <translation>直接编辑所选条目（Enter 或双击；Enter 保存，Esc 取消）</translation>
    </message>
    <message>
        <source>Mark as &amp;trusted</source>
        <translation>标记为可信</translation>
    </message>
    <message>
        <source>Clear the untrusted mark of the selected entry</source>
        <translation>清除所选条目的不可信标记</translation>
    </message>
    <message>
        <source>Copy entry &amp;text</source>
        <translation>复制条目文本</translation>
    </message>
    <message>
        <source>&amp;Delete entry</source>
        <translation>删除条目</translation>
    </message>
    <message>
        <source>Delete the selected entry; the ones after it renumber (Del)</source>
        <translation>删除所选条目；其后的条目会重新编号（Del）</translation>
    </message>
    <message>
        <source>&amp;Pause / resume entry</source>
        <translation>暂停 / 恢复条目</translation>
    </message>
    <message>
        <source>A paused entry stays here but is not sent to the model and not offered to its memory tools (Ctrl+P toggles)</source>
        <translation>暂停的条目保留在这里，但不会发送给模型，也不提供给其记忆工具（Ctrl+P 切换）</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>Filter entries…</source>
        <translation>筛选条目…</translation>
    </message>
    <message>
        <source>Filter fixed memory entries</source>
        <translation>筛选固定记忆条目</translation>
    </message>
    <message>
        <source>Mark as trusted</source>
        <translation>标记为可信</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message numerus="yes">
        <source>%Ln entry(ies)</source>
        <translation><numerusform>%Ln 条</numerusform></translation>
    </message>
    <message>
        <source>%1 of %2 match</source>
        <translation>%2 中有 %1 条匹配</translation>
    </message>
    <message>
        <source>%1 · %2 untrusted</source>
        <translation>%1 · %2 条不可信</translation>
    </message>
    <message>
        <source>This assistant no longer exists.</source>
        <translation>此助手已不存在。</translation>
    </message>
    <message>
        <source>Fixed memory and dreaming memory</source>
        <translation>固定记忆与梦境记忆</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Memory — %1</source>
        <translation>记忆 — %1</translation>
    </message>
    <message>
        <source>Memory · %1</source>
        <translation>记忆 · %1</translation>
    </message>
    <message>
        <source>No entry matches “%1”.</source>
        <translation>没有与“%1”匹配的条目。</translation>
    </message>
    <message>
        <source>Assistant memory</source>
        <translation>助手记忆</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Fixed memory&lt;/b&gt; belongs to you: facts, preferences and standing instructions this assistant sees in every chat.&lt;/p&gt;&lt;p&gt;The assistant can add or correct entries itself with its built-in memory tool (it must quote the current text before changing one). Automatic summarization and the memory dream read it but never rewrite it.&lt;/p&gt;&lt;p&gt;Cards show who wrote each entry: &lt;i&gt;owner&lt;/i&gt; (you), &lt;i&gt;dream&lt;/i&gt; or &lt;i&gt;agent&lt;/i&gt; (the model). An entry the model wrote right after reading web or plugin output is marked &lt;i&gt;untrusted&lt;/i&gt; and is sent as data, not as instructions, until you mark it trusted.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;固定记忆&lt;/b&gt;属于你：此助手在每次对话中都会看到的事实、偏好和长期指令。&lt;/p&gt;&lt;p&gt;助手可以用内置的记忆工具自行添加或更正条目（修改前必须引用当前文本）。自动总结和做梦会读取它，但从不改写它。&lt;/p&gt;&lt;p&gt;卡片会标明每条的作者：&lt;i&gt;所有者&lt;/i&gt;（你）、&lt;i&gt;做梦写入&lt;/i&gt;或&lt;i&gt;模型写入&lt;/i&gt;（模型）。模型在读取网页或插件输出后立即写下的条目会标记为&lt;i&gt;不可信&lt;/i&gt;，在你将其标记为可信之前，它会作为数据而不是指令发送。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Off: no memory is sent with requests, no dream runs and the model gets no memory tools.</source>
        <translation>关闭时：请求不附带记忆，不会做梦，模型也没有记忆工具。</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Memory on / off&lt;/b&gt; is this assistant&apos;s master switch.&lt;/p&gt;&lt;p&gt;When it is off, no fixed or dynamic memory is sent with any request, no memory dream runs for this assistant and the model is not offered its memory tools. Your entries stay here untouched, and topic compaction (Chat Preference) keeps working as before.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;记忆开 / 关&lt;/b&gt;是此助手的总开关。&lt;/p&gt;&lt;p&gt;关闭时，任何请求都不会附带固定记忆或动态记忆，此助手不会做梦，模型也不会获得记忆工具。你的条目原样保留在这里，话题压缩（对话偏好）照常工作。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>M&amp;emory on</source>
        <translation>记忆已开启</translation>
    </message>
    <message>
        <source>M&amp;emory off</source>
        <translation>记忆已关闭</translation>
    </message>
    <message>
        <source>M&amp;emory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Your fixed memory and dream cards are sent with every chat; the dream runs and the model may use its memory tools.</source>
        <translation>每次对话都会附带你的固定记忆和梦境卡片；助手会做梦，模型可以使用记忆工具。</translation>
    </message>
    <message>
        <source>Nothing is sent with your chats, no dream runs and the model gets no memory tools. Your entries stay here.</source>
        <translation>对话不附带任何记忆，不会做梦，模型也没有记忆工具。你的条目仍保留在这里。</translation>
    </message>
    <message>
        <source>Whether this assistant&apos;s memory is sent with its chats.</source>
        <translation>此助手的记忆是否随对话发送。</translation>
    </message>
    <message>
        <source>Facts, preferences and standing instructions this assistant sees in every chat. You own them.</source>
        <translation>此助手在每次对话中都会看到的事实、偏好和长期指令，由你掌控。</translation>
    </message>
    <message>
        <source>No fixed memory yet.
Use Add memory (Ctrl+N), or ask the assistant to remember something.</source>
        <translation>还没有固定记忆。
使用“添加记忆”（Ctrl+N），或让助手记住一些事情。</translation>
    </message>
    <message>
        <source>No fixed memory yet: add an entry, or ask the assistant to remember something.</source>
        <translation>还没有固定记忆：添加一条，或让助手记住一些事情。</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Dreaming memory&lt;/b&gt; is what the assistant learns on its own. The &lt;b&gt;memory dream&lt;/b&gt; — on the schedule below, or Dream now — reads the topics you were active in on a day and writes one dated &lt;b&gt;dream card&lt;/b&gt; about how you like to work (tone, format, tool habits), not a recap. The dream cards make up &lt;b&gt;Dynamic memory&lt;/b&gt; at the bottom of this group.&lt;/p&gt;&lt;p&gt;It prefers topic summaries from compaction (Chat Preference: Limit history messages and Summarize history); a topic without one still contributes a short excerpt of that day&apos;s messages. The dream never changes your fixed memory.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;梦境记忆&lt;/b&gt;是助手自己学到的内容。&lt;b&gt;做梦&lt;/b&gt;（按下方的计划，或“立即做梦”）会读取你某一天活跃过的话题，并写下一张带日期的&lt;b&gt;梦境卡片&lt;/b&gt;，记录你喜欢的工作方式（语气、格式、工具习惯），而不是内容回顾。这些梦境卡片组成本组底部的&lt;b&gt;动态记忆&lt;/b&gt;。&lt;/p&gt;&lt;p&gt;它优先使用压缩产生的话题摘要（对话偏好：限制历史消息数和总结历史）；没有摘要的话题也会提供当天消息的简短摘录。做梦从不修改你的固定记忆。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>What the assistant learns by itself: a scheduled dream turns a day&apos;s chats into a dated card.</source>
        <translation>助手自己学到的内容：定时做梦把一天的对话变成一张带日期的梦境卡片。</translation>
    </message>
    <message>
        <source>Keeps a snippet of each topic&apos;s summary for later requests and the dream.</source>
        <translation>为之后的请求和做梦保留每个话题摘要的片段。</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Topic snippets&lt;/b&gt; keeps a short snippet of each topic&apos;s summary so later requests and the memory dream can reuse it.&lt;/p&gt;&lt;p&gt;Snippets come from compaction summaries, which need Limit history messages and Summarize history under Chat Preference; topics without a summary still reach the dream through an excerpt of their recent messages.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;话题片段&lt;/b&gt;会为每个话题的摘要保留一段简短片段，供之后的请求和做梦复用。&lt;/p&gt;&lt;p&gt;片段来自压缩摘要，这需要在对话偏好中开启“限制历史消息数”和“总结历史”；没有摘要的话题也会通过最近消息的摘录参与做梦。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Fold the Dreaming memory group to this line, giving fixed memory the page (click again to unfold)</source>
        <translation>将梦境记忆折叠成这一行，把页面留给固定记忆（再次点击展开）</translation>
    </message>
    <message>
        <source>Dreaming memory</source>
        <translation>梦境记忆</translation>
    </message>
    <message>
        <source>&amp;Topic snippets</source>
        <translation>话题片段</translation>
    </message>
    <message>
        <source>Fold dreaming memory</source>
        <translation>折叠梦境记忆</translation>
    </message>
    <message>
        <source>Show dreaming memory</source>
        <translation>展开梦境记忆</translation>
    </message>
    <message>
        <source>Dated cards the dream wrote; the model sees them after fixed memory. Only the dream adds cards.</source>
        <translation>做梦写下的带日期卡片；模型在固定记忆之后看到它们。只有做梦会添加卡片。</translation>
    </message>
    <message>
        <source>No dream cards yet.</source>
        <translation>还没有梦境卡片。</translation>
    </message>
    <message>
        <source>Dream now (Ctrl+Shift+D) reads a past day you chatted on.</source>
        <translation>“立即做梦”（Ctrl+Shift+D）会读取你聊过天的某个过去日期。</translation>
    </message>
    <message>
        <source>Today&apos;s chats become a card %1.</source>
        <translation>今天的聊天将在%1成为一张卡片。</translation>
    </message>
    <message>
        <source>A card covers one finished UTC day, so today&apos;s chats (%1) can become one from 00:00 UTC tomorrow at the earliest.</source>
        <translation>一张卡片对应一个已结束的 UTC 日，因此今天的对话（%1）最早要到明天 00:00 UTC 才能成为卡片。</translation>
    </message>
    <message>
        <source>A card covers one finished UTC day: today&apos;s chats (%1) get theirs %2.</source>
        <translation>一张卡片对应一个已结束的 UTC 日：今天的对话（%1）将在%2得到卡片。</translation>
    </message>
    <message>
        <source>The schedule is off: choose Daily above and Save.</source>
        <translation>计划已关闭：请在上方选择“每天”并保存。</translation>
    </message>
    <message numerus="yes">
        <source>%n past day(s) can be dreamed now — choose one and press Dream now.</source>
        <translation><numerusform>有 %n 个过去的日子现在就能做梦 — 选择一天，然后按“立即做梦”。</numerusform></translation>
    </message>
    <message>
        <source>Dreaming now — its card appears here when the dream is done.</source>
        <translation>正在做梦——完成后，卡片会显示在这里。</translation>
    </message>
    <message>
        <source>The next Weekly run, %1, reads %2.</source>
        <translation>下一次每周运行（%1）读取 %2。</translation>
    </message>
    <message>
        <source>A card covers one finished UTC day, and a Weekly run reads only the day before it: the next one, %1, reads %2. Choose Daily above for a card from today&apos;s chats.</source>
        <translation>一张卡片对应一个已结束的 UTC 日，而每周运行只读取它前一天：下一次（%1）读取 %2。若要从今天的对话得到卡片，请在上方选择“每天”。</translation>
    </message>
    <message>
        <source> The earliest possible is 00:00 UTC: set that time above to get it then.</source>
        <translation>最早可在 00:00 UTC：在上方设为该时间即可在那时得到。</translation>
    </message>
    <message>
        <source>ChatHub has to be open then, in its window or the tray; a run missed while it is closed happens at the next start.</source>
        <translation>届时 ChatHub 需要处于打开状态（窗口或托盘中）；关闭期间错过的运行会在下次启动时进行。</translation>
    </message>
    <message>
        <source>Dynamic memory</source>
        <translation>动态记忆</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy every card as shown — #N, date and text — to the clipboard (Ctrl+Shift+C)</source>
        <translation>将所有卡片按显示内容（#N、日期和文本）复制到剪贴板（Ctrl+Shift+C）</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <source>Remove every dream card (asks first; Restore previous version brings them back)</source>
        <translation>删除所有梦境卡片（会先询问；“恢复上一版本”可找回）</translation>
    </message>
    <message>
        <source>Undo the last change to the dream cards (restore again to redo it)</source>
        <translation>撤销对梦境卡片的上一次更改（再次恢复即可重做）</translation>
    </message>
    <message>
        <source>Dynamic memory cards</source>
        <translation>动态记忆卡片</translation>
    </message>
    <message>
        <source>&amp;Edit card</source>
        <translation>编辑卡片</translation>
    </message>
    <message>
        <source>Edit the selected card&apos;s text in place (Enter; Enter saves, Shift+Enter new line, Esc cancels)</source>
        <translation>直接编辑所选卡片的文本（Enter；Enter 保存，Shift+Enter 换行，Esc 取消）</translation>
    </message>
    <message>
        <source>&amp;Regenerate</source>
        <translation>重新生成</translation>
    </message>
    <message>
        <source>Dream over the selected card&apos;s day again and replace its text (Ctrl+R)</source>
        <translation>对所选卡片的日期重新做梦并替换其文本（Ctrl+R）</translation>
    </message>
    <message>
        <source>&amp;Copy card text</source>
        <translation>复制卡片文本</translation>
    </message>
    <message>
        <source>Copy the selected card&apos;s text (Ctrl+C)</source>
        <translation>复制所选卡片的文本（Ctrl+C）</translation>
    </message>
    <message>
        <source>&amp;Delete card</source>
        <translation>删除卡片</translation>
    </message>
    <message>
        <source>Deleted elsewhere: %1. Your text is on the clipboard.</source>
        <translation>已在别处删除：%1。你的文本已复制到剪贴板。</translation>
    </message>
    <message>
        <source>Delete %1?

%2

Restore previous version undoes this.</source>
        <translation>删除 %1？

%2

“恢复上一版本”可以撤销此操作。</translation>
    </message>
    <message>
        <source>Deleted %1</source>
        <translation>已删除 %1</translation>
    </message>
    <message>
        <source>Delete %1</source>
        <translation>删除 %1</translation>
    </message>
    <message>
        <source>Resumed %1: it is sent again</source>
        <translation>已恢复 %1：会再次发送</translation>
    </message>
    <message>
        <source>Paused %1: kept, not sent</source>
        <translation>已暂停 %1：保留但不发送</translation>
    </message>
    <message>
        <source>Pause %1</source>
        <translation>暂停 %1</translation>
    </message>
    <message>
        <source>Copied the text of %1</source>
        <translation>已复制 %1的文本</translation>
    </message>
    <message>
        <source>E&amp;xpand / fold range card</source>
        <translation>展开 / 折叠范围卡片</translation>
    </message>
    <message>
        <source>Show the days folded into the selected range card, or fold them again (Space)</source>
        <translation>显示折叠进所选范围卡片的日期，或再次折叠（空格）</translation>
    </message>
    <message>
        <source>&amp;Pause / resume card</source>
        <translation>暂停 / 恢复卡片</translation>
    </message>
    <message>
        <source>A paused card stays here but is not sent to the model and not offered to its memory search (Ctrl+P toggles)</source>
        <translation>暂停的卡片保留在这里，但不会发送给模型，也不提供给其记忆搜索（Ctrl+P 切换）</translation>
    </message>
    <message>
        <source>&amp;Cards</source>
        <translation>卡片</translation>
    </message>
    <message>
        <source>Dream cards waiting for your accept or discard (dream review)</source>
        <translation>等待你接受或丢弃的梦境卡片（梦境审阅）</translation>
    </message>
    <message>
        <source>Dream now</source>
        <translation>立即做梦</translation>
    </message>
    <message>
        <source>A memory dream is running</source>
        <translation>正在做梦</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop this dream (Esc); nothing of it is stored</source>
        <translation>停止这次做梦（Esc）；不会保存任何内容</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>重新生成</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message numerus="yes">
        <source>%Ln card(s)</source>
        <translation><numerusform>%Ln 张卡片</numerusform></translation>
    </message>
    <message>
        <source>Another change is still being written.</source>
        <translation>另一项更改仍在写入。</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Dynamic memory&lt;/b&gt; holds the dream cards — what the memory dream has learned: numbered cards, each tagged with the UTC day — or range of days — it came from. The model sees them after fixed memory.&lt;/p&gt;&lt;p&gt;Edit a card (Enter or double-click) or delete it (Del). A range card is folded to one line: click it or press Space to read its days; click its header, with the chevron, to fold it again. &lt;b&gt;Regenerate&lt;/b&gt; (the refresh icon, Ctrl+R) runs the dream again for that card&apos;s day only; range cards and old undated blobs cannot be regenerated. In the &lt;b&gt;…&lt;/b&gt; menu, &lt;b&gt;Copy all dream cards&lt;/b&gt; (Ctrl+Shift+C) puts exactly the text you see on the clipboard, &lt;b&gt;Clear all dream cards&lt;/b&gt; removes every card, and &lt;b&gt;Restore previous version&lt;/b&gt; undoes the last change (restoring again redoes it).&lt;/p&gt;&lt;p&gt;There is no Add: only the dream writes dated cards. A new card that mostly repeats an existing one is skipped. &lt;b&gt;Keep dream cards&lt;/b&gt; counts single-day cards only: the days older than those are merged into the range card.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;动态记忆&lt;/b&gt;存放梦境卡片——做梦学到的内容：带编号的卡片，每张都标有其来源的 UTC 日期（或日期范围）。模型会在固定记忆之后看到它们。&lt;/p&gt;&lt;p&gt;可以编辑卡片（Enter 或双击）或删除（Del）。范围卡片折叠为一行：点击它或按空格即可查看其中各天；点击带箭头的标题行可重新折叠。&lt;b&gt;重新生成&lt;/b&gt;（刷新图标，Ctrl+R）只针对该卡片的日期重新做梦；范围卡片和旧的无日期文本不能重新生成。在 &lt;b&gt;…&lt;/b&gt; 菜单中，&lt;b&gt;复制所有梦境卡片&lt;/b&gt;（Ctrl+Shift+C）会把你看到的文本原样放到剪贴板，&lt;b&gt;清空所有梦境卡片&lt;/b&gt;会删除所有卡片，&lt;b&gt;恢复上一版本&lt;/b&gt;会撤销上一次更改（再次恢复即可重做）。&lt;/p&gt;&lt;p&gt;这里没有“添加”：只有做梦会写入带日期的卡片。与现有卡片大部分重复的新卡片会被跳过。&lt;b&gt;保留梦境卡片数&lt;/b&gt;只计算单日卡片：比它们更早的日子会合并进范围卡片。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Copy all dream cards</source>
        <translation>复制所有梦境卡片</translation>
    </message>
    <message>
        <source>&amp;Restore previous version</source>
        <translation>恢复上一版本</translation>
    </message>
    <message>
        <source>C&amp;lear all dream cards…</source>
        <translation>清空所有梦境卡片…</translation>
    </message>
    <message>
        <source>More dream card actions</source>
        <translation>更多梦境卡片操作</translation>
    </message>
    <message>
        <source>Copy all dream cards, Restore previous version, Clear all dream cards</source>
        <translation>复制所有梦境卡片、恢复上一版本、清空所有梦境卡片</translation>
    </message>
    <message>
        <source>There is no dream card yet.</source>
        <translation>还没有梦境卡片。</translation>
    </message>
    <message>
        <source>Open the Cards tab and select a card first.</source>
        <translation>请先打开“卡片”标签页并选择一张卡片。</translation>
    </message>
    <message>
        <source>A card of several days cannot be dreamt again: only a single day&apos;s card can.</source>
        <translation>跨越多天的卡片不能重新做梦：只有单日的卡片可以。</translation>
    </message>
    <message>
        <source>Memory is off for this assistant.</source>
        <translation>此助手的记忆已关闭。</translation>
    </message>
    <message>
        <source>A dream is running.</source>
        <translation>正在做梦。</translation>
    </message>
    <message>
        <source>Nothing to restore yet: no change to the dream cards.</source>
        <translation>暂无可恢复的内容：梦境卡片尚未更改。</translation>
    </message>
    <message>
        <source>Every finished day with messages already has a card: Regenerate (↻) a card to dream over its day again</source>
        <translation>每个有消息的已结束日子都已有卡片：重新生成（↻）一张卡片即可再次对其当天做梦</translation>
    </message>
    <message>
        <source>No finished day has messages yet: a dream reads a whole UTC day once it is over, so the first card can come tomorrow</source>
        <translation>还没有已结束且有消息的日子：做梦会在一个 UTC 日结束后读取整天的内容，所以第一张卡片最早明天生成</translation>
    </message>
    <message>
        <source>Dream over %1 (UTC, the day chosen beside) now and add its card (Ctrl+Shift+D). This is not a scheduled run.</source>
        <translation>立即对 %1（UTC，旁边选择的日期）做梦并添加其卡片（Ctrl+Shift+D）。这不是计划运行。</translation>
    </message>
    <message>
        <source>Memory is off for this assistant: turn it on to dream</source>
        <translation>此助手的记忆已关闭：开启后才能做梦</translation>
    </message>
    <message>
        <source>Dream: %1</source>
        <translation>做梦：%1</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>关闭</translation>
    </message>
    <message numerus="yes">
        <source>%Ln proposal(s) to review</source>
        <translation><numerusform>%Ln 条待审阅提议</numerusform></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Memory dream&lt;/b&gt; runs by itself while ChatHub is open — in its window or tucked away in the system tray. Choose Off, Daily, or Weekly on one weekday; the time is a UTC time of day.&lt;/p&gt;&lt;p&gt;Each run looks at the topics you were active in on the UTC day before it fires (Weekly too): a topic&apos;s compaction summary when it has one, otherwise a short excerpt of that day&apos;s own messages. The History Compress model (Settings → System Agent) turns that into one dated card about how you work with this assistant — tone, formats, tool habits, standing preferences. It is not a recap of the day, and your topics are never compacted or changed by it.&lt;/p&gt;&lt;p&gt;A run missed while ChatHub was closed happens once at the next start. Below the form you see the latest scheduled run; when it failed, its reason is shown and the run is tried again on a later cycle. Dream now and Regenerate are not scheduled runs and never appear there.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;定时做梦&lt;/b&gt;会在 ChatHub 打开时自动运行——无论是在窗口中还是收在系统托盘里。可选择关闭、每天，或每周的某一天；时间为 UTC 时间。&lt;/p&gt;&lt;p&gt;每次运行会查看它触发前那个 UTC 日你活跃过的话题（每周运行也一样）：有压缩摘要的话题使用摘要，否则使用当天消息的简短摘录。History Compress 模型（设置 → 系统代理）会据此写出一张带日期的梦境卡片，记录你与此助手的协作方式——语气、格式、工具习惯和长期偏好。它不是当天的内容回顾，也从不压缩或修改你的话题。&lt;/p&gt;&lt;p&gt;ChatHub 关闭期间错过的运行会在下次启动时补做一次。表单下方显示最近一次计划运行；如果失败，会显示原因，并在之后的周期中重试。“立即做梦”和“重新生成”不是计划运行，不会显示在那里。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Keep dream cards&lt;/b&gt; (1–90, default 14) is how many single-day cards are kept as they are. Older ones beyond that are merged into a single range card dated &lt;i&gt;first day – last day&lt;/i&gt;.&lt;/p&gt;&lt;p&gt;Saving the form stores the number and merges right away, in one write, by joining the older cards&apos; text. When the dream next runs it may condense a range with the History Compress model, staying under 6,400 characters; a single-day card stays under 3,200.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;保留梦境卡片数&lt;/b&gt;（1–90，默认 14）是原样保留的单日卡片数量。超出部分中较早的卡片会合并成一张日期为&lt;i&gt;首日 – 末日&lt;/i&gt;的范围卡片。&lt;/p&gt;&lt;p&gt;保存表单会存储该数字并立即合并（一次写入，拼接较早卡片的文本）。下次做梦时，可能会用 History Compress 模型精简范围卡片，使其不超过 6,400 个字符；单日卡片不超过 3,200 个字符。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Runs while ChatHub is open (window or tray) and reads the UTC day before it.</source>
        <translation>在 ChatHub 打开时运行（窗口或托盘），读取它之前的那个 UTC 日。</translation>
    </message>
    <message>
        <source>Older single-day cards are merged into one range card.</source>
        <translation>较早的单日卡片会合并成一张范围卡片。</translation>
    </message>
    <message>
        <source>added a card</source>
        <translation>添加了一张卡片</translation>
    </message>
    <message>
        <source>found nothing new</source>
        <translation>没有发现新内容</translation>
    </message>
    <message>
        <source>skipped a card that repeated an existing one</source>
        <translation>跳过了一张与现有卡片重复的卡片</translation>
    </message>
    <message>
        <source>the day already had a card</source>
        <translation>该日已有卡片</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <source>Daily at %1 UTC</source>
        <translation>每天 %1 UTC</translation>
    </message>
    <message>
        <source>Weekly on %1 at %2 UTC</source>
        <translation>每周%1 %2 UTC</translation>
    </message>
    <message>
        <source>%1 %2 in %3</source>
        <translation>%3 %1 %2</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%2 %1</translation>
    </message>
    <message>
        <source>it stopped without finishing %1 (its process ended); the next check retries it</source>
        <comment>%1: when, e.g. today at 15:02 in Berlin (14:02 UTC)</comment>
        <translation>它于%1未完成就停止了（其进程已结束）；下一次检查会重试</translation>
    </message>
    <message>
        <source>no sign of life since %1; taken over from %2 if it stays silent</source>
        <translation>自%1起没有响应；若仍无响应，将从%2起接管</translation>
    </message>
    <message>
        <source>the previous run stopped without finishing %1; retried</source>
        <translation>上一次运行于%1未完成就停止了；已重试</translation>
    </message>
    <message>
        <source>Type the time as HH:MM in 24-hour UTC, e.g. 02:00.</source>
        <translation>请按 24 小时制 UTC 时间输入 HH:MM，例如 02:00。</translation>
    </message>
    <message>
        <source>Daily</source>
        <translation>每天</translation>
    </message>
    <message>
        <source>Weekly</source>
        <translation>每周</translation>
    </message>
    <message>
        <source>How often the memory dream runs by itself: Off, Daily, or Weekly on one weekday</source>
        <translation>自动做梦的频率：关闭、每天，或每周的某一天</translation>
    </message>
    <message>
        <source>on</source>
        <comment>a weekly dream: on &lt;weekday&gt;</comment>
        <translation>于</translation>
    </message>
    <message>
        <source>The UTC weekday of a weekly dream (it reads the day before)</source>
        <translation>每周做梦的 UTC 星期（读取前一天）</translation>
    </message>
    <message>
        <source>at</source>
        <comment>a dream: at &lt;time&gt; UTC</comment>
        <translation>时间：</translation>
    </message>
    <message>
        <source>HH:MM</source>
        <translation>HH:MM</translation>
    </message>
    <message>
        <source>Time of day in UTC, 24-hour HH:MM (e.g. 02:00). Enter saves.</source>
        <translation>UTC 时间，24 小时制 HH:MM（例如 02:00）。按 Enter 保存。</translation>
    </message>
    <message>
        <source>Single-day cards kept before the oldest are merged into one range card (%1–%2, default %3); Save merges at once</source>
        <translation>最早的卡片合并成一张范围卡片之前保留的单日卡片数（%1–%2，默认 %3）；保存时立即合并</translation>
    </message>
    <message>
        <source>Save dream schedule</source>
        <translation>保存做梦时间表</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Store the schedule and Keep dream cards (Ctrl+S in this form); extra cards are merged in the same write</source>
        <translation>保存计划和保留梦境卡片数（在此表单中按 Ctrl+S）；多出的卡片会在同一次写入中合并</translation>
    </message>
    <message>
        <source>Not saved yet: press Save below to use this schedule.</source>
        <translation>尚未保存：点击下方的“保存”即可使用此计划。</translation>
    </message>
    <message>
        <source>Every %1 at %2 UTC</source>
        <translation>每%1 UTC %2</translation>
    </message>
    <message>
        <source>Every day at %1 UTC</source>
        <translation>每天 UTC %1</translation>
    </message>
    <message>
        <source>today</source>
        <translation>今天</translation>
    </message>
    <message>
        <source>yesterday</source>
        <translation>昨天</translation>
    </message>
    <message>
        <source>tomorrow</source>
        <translation>明天</translation>
    </message>
    <message>
        <source>%1 at %2 UTC</source>
        <comment>a dream&apos;s time: its day (yesterday, today, tomorrow or a date), then the UTC time</comment>
        <translation>%1 UTC %2</translation>
    </message>
    <message>
        <source>(%1 UTC)</source>
        <comment>the UTC time beside the user&apos;s</comment>
        <translation>（UTC %1）</translation>
    </message>
    <message>
        <source>%1 at %2 in %3 %4</source>
        <comment>a dream&apos;s time: its day (yesterday, today, tomorrow or a date), the user&apos;s time and place, then the UTC time in brackets, e.g. (02:00 UTC)</comment>
        <translation>%1 %3 %2%4</translation>
    </message>
    <message>
        <source>When the schedule fires next, in your time with UTC beside it; it dreams over the UTC day before</source>
        <translation>计划下次触发的时间：你的时间，旁边附 UTC；它会对前一个 UTC 日做梦</translation>
    </message>
    <message>
        <source>Memory &amp;dream</source>
        <translation>定时做梦</translation>
    </message>
    <message>
        <source>&amp;Keep dream cards</source>
        <translation>保留梦境卡片数</translation>
    </message>
    <message>
        <source>The latest scheduled dream: when it ran, how it ended and, if it failed, why (it is retried later)</source>
        <translation>最近一次定时做梦：运行时间、结果，以及失败时的原因（之后会重试）</translation>
    </message>
    <message>
        <source>Put the schedule and Keep dream cards back as they are stored</source>
        <translation>将计划和保留梦境卡片数恢复为已保存的值</translation>
    </message>
    <message>
        <source>%1, on the next firing day (%2)</source>
        <translation>%1，在下次触发的日期（%2）</translation>
    </message>
    <message>
        <source>Keep fewer dream cards</source>
        <translation>保留更少的梦境卡片</translation>
    </message>
    <message numerus="yes">
        <source>Keeping %n dream card(s) folds older ones into a range card (by joining their text; the next dream may re-summarize it):</source>
        <translation><numerusform>保留 %n 张梦境卡片会把较早的卡片合并成一张范围卡片（拼接其文本；下次做梦时可能会重新总结）：</numerusform></translation>
    </message>
    <message>
        <source>Last scheduled run: %1, over %2 (UTC) — </source>
        <comment>%1 when it ran, as &apos;today at 15:30 in Berlin (14:30 UTC)&apos;; %2 the UTC day it read</comment>
        <translation>最近一次计划运行：%1，读取 %2（UTC） — </translation>
    </message>
    <message>
        <source>Added</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Folded into the range card</source>
        <translation>合并进范围卡片</translation>
    </message>
    <message>
        <source>Range card rewritten</source>
        <translation>重写范围卡片</translation>
    </message>
    <message>
        <source>Saved: %1 · keep %2 cards</source>
        <translation>已保存：%1 · 保留 %2 张卡片</translation>
    </message>
    <message>
        <source>Memory is off for this assistant, so no dream runs for it.</source>
        <translation>此助手的记忆已关闭，因此它不会做梦。</translation>
    </message>
    <message>
        <source>Not saved yet.</source>
        <translation>尚未保存。</translation>
    </message>
    <message>
        <source>The schedule is off: no dream runs by itself. Dream now still works.</source>
        <translation>计划已关闭：不会自动做梦。“立即做梦”仍然可用。</translation>
    </message>
    <message>
        <source>%1. Next dream: %2.</source>
        <translation>%1。下次做梦：%2。</translation>
    </message>
    <message>
        <source> Dreams are paused (tray menu → Pause dreams).</source>
        <translation>做梦已暂停（托盘菜单 → 暂停做梦）。</translation>
    </message>
    <message>
        <source>Last scheduled run: none yet.</source>
        <translation>最近一次计划运行：还没有。</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>no reason was recorded</source>
        <translation>没有记录原因</translation>
    </message>
    <message>
        <source> It is tried again from %1.</source>
        <translation>将从%1起重试。</translation>
    </message>
    <message>
        <source> It is tried again on the next cycle.</source>
        <translation>将在下一周期重试。</translation>
    </message>
    <message>
        <source>No dream card waits for review.</source>
        <translation>没有等待审阅的梦境卡片。</translation>
    </message>
    <message>
        <source>With review on, each dream&apos;s new card waits here until you accept or discard it.</source>
        <translation>开启审阅后，每次做梦的新卡片会在这里等待，直到你接受或丢弃它。</translation>
    </message>
    <message>
        <source>Dream cards waiting for you to accept or discard them.</source>
        <translation>等待你接受或丢弃的梦境卡片。</translation>
    </message>
    <message>
        <source>On: each dream&apos;s new card (and any fold of older cards) waits in Proposals until you accept or discard it. Off: dreams add their cards at once.</source>
        <translation>开启：每次做梦的新卡片（以及对旧卡片的合并）会在“提议”中等待你接受或丢弃。关闭：做梦会立即添加卡片。</translation>
    </message>
    <message>
        <source>Enter accepts · Shift+Enter new line · Esc cancels</source>
        <translation>Enter 接受 · Shift+Enter 换行 · Esc 取消</translation>
    </message>
    <message>
        <source>Dream &amp;proposals (%1)…</source>
        <translation>梦境提议（%1）…</translation>
    </message>
    <message>
        <source>Dream &amp;proposals…</source>
        <translation>梦境提议…</translation>
    </message>
    <message>
        <source>&amp;Proposals (%1)</source>
        <translation>提议（%1）</translation>
    </message>
    <message>
        <source>&amp;Proposals</source>
        <translation>提议</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between days in a list</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>The range card is re-summarized by the History Compress model.</source>
        <translation>范围卡片由 History Compress 模型重新总结。</translation>
    </message>
    <message>
        <source>The range card joins the folded cards&apos; text.</source>
        <translation>范围卡片拼接被合并卡片的文本。</translation>
    </message>
    <message>
        <source> · folds into a range card</source>
        <translation> · 合并进范围卡片</translation>
    </message>
    <message>
        <source>%1 · can&apos;t be added</source>
        <translation>%1 · 无法添加</translation>
    </message>
    <message>
        <source>Accepting adds the card for %1.</source>
        <translation>接受后会添加 %1的卡片。</translation>
    </message>
    <message>
        <source>Accepting adds the card for %1 and folds it into a new range card for %2.</source>
        <translation>接受后会添加 %1的卡片，并将其合并为 %2的新范围卡片。</translation>
    </message>
    <message>
        <source>Accepting adds the card for %1 and folds it into the range %2 (now %3).</source>
        <translation>接受后会添加 %1的卡片，并将其合并到范围 %2（范围变为 %3）。</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <comment>the first and last of many folded cards&apos; days</comment>
        <translation>%1 至 %2</translation>
    </message>
    <message numerus="yes">
        <source>%n older card(s) (%1) fold into a new range card for %2.</source>
        <translation><numerusform>%n 张较早的卡片（%1）会合并为 %2的新范围卡片。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n older card(s) (%1) fold into the range %2 (now %3).</source>
        <translation><numerusform>%n 张较早的卡片（%1）会合并到范围 %2（范围变为 %3）。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>The dynamic memory keeps %n card(s).</source>
        <translation><numerusform>动态记忆仍为 %n 张卡片。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>The dynamic memory goes from %1 to %n card(s).</source>
        <translation><numerusform>动态记忆将从 %1 张卡片变为 %n 张。</numerusform></translation>
    </message>
    <message>
        <source>%1. Discard it to clear it from the list.</source>
        <translation>%1。丢弃它即可将其从列表中清除。</translation>
    </message>
    <message>
        <source>Card for %1:</source>
        <translation>%1的卡片：</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Proposals&lt;/b&gt; are dream cards waiting for your review.&lt;/p&gt;&lt;p&gt;With &lt;i&gt;Review new dream cards before they are kept&lt;/i&gt; on, a dream does not add its card (or fold older cards) at once: the card waits here. &lt;b&gt;Accept&lt;/b&gt; adds it to the dynamic memory as the dream would have; &lt;b&gt;Discard&lt;/b&gt; drops it and the dynamic memory stays as it is (&lt;b&gt;Undo&lt;/b&gt;, offered for a few seconds, brings it back).&lt;/p&gt;&lt;p&gt;A card for a day that already has a card, or that the range card already covers, can&apos;t be added: its row says so; discard it.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;提议&lt;/b&gt;是等待你审阅的梦境卡片。&lt;/p&gt;&lt;p&gt;开启&lt;i&gt;保留前先审阅新的梦境卡片&lt;/i&gt;后，做梦不会立即添加卡片（或合并较早的卡片）：卡片会在这里等待。&lt;b&gt;接受&lt;/b&gt;会像做梦那样把它加入动态记忆；&lt;b&gt;丢弃&lt;/b&gt;会舍弃它，动态记忆保持不变（几秒内可用&lt;b&gt;撤销&lt;/b&gt;找回）。&lt;/p&gt;&lt;p&gt;如果某天已有卡片，或已被范围卡片覆盖，该天的卡片无法添加：其所在行会注明；请丢弃它。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Review new dream cards before they are kept</source>
        <translation>保留前先审阅新的梦境卡片</translation>
    </message>
    <message>
        <source>Dream proposals</source>
        <translation>梦境提议</translation>
    </message>
    <message>
        <source>Enter edits the selected proposal, Ctrl+Enter accepts it, Del discards it</source>
        <translation>Enter 编辑所选提议，Ctrl+Enter 接受，Del 丢弃</translation>
    </message>
    <message>
        <source>What accepting the proposal adds</source>
        <translation>接受提议会添加的内容</translation>
    </message>
    <message>
        <source>The proposed card&apos;s text</source>
        <translation>提议卡片的文本</translation>
    </message>
    <message>
        <source>&amp;Accept</source>
        <translation>接受</translation>
    </message>
    <message>
        <source>Add this card to the dynamic memory, with its fold (Ctrl+Enter)</source>
        <translation>将这张卡片连同其合并添加到动态记忆（Ctrl+Enter）</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>Edit this card&apos;s text before you accept it (Enter; Esc cancels)</source>
        <translation>接受前编辑此卡片的文本（Enter；Esc 取消）</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>丢弃</translation>
    </message>
    <message>
        <source>Drop this card; the dynamic memory stays as it is (Del)</source>
        <translation>丢弃这张卡片；动态记忆保持不变（Del）</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Bring back the proposal you just discarded, as it was</source>
        <translation>按原样找回刚刚丢弃的提议</translation>
    </message>
    <message numerus="yes">
        <source>%n proposal(s) wait(s) for review</source>
        <translation><numerusform>%n 条提议等待审阅</numerusform></translation>
    </message>
    <message>
        <source>Discarded the card for %1 — the dynamic memory is unchanged</source>
        <translation>已丢弃 %1 的卡片——动态记忆未改变</translation>
    </message>
    <message>
        <source>The card for %1 is back</source>
        <translation>%1 的卡片已找回</translation>
    </message>
    <message>
        <source> · folds older cards</source>
        <translation> · 合并较早的卡片</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>nothing else waits</source>
        <translation>没有其他等待中的提议</translation>
    </message>
    <message>
        <source>New dream cards wait here for review</source>
        <translation>新的梦境卡片会在这里等待审阅</translation>
    </message>
    <message>
        <source>Dreams add their cards at once</source>
        <translation>做梦会立即添加卡片</translation>
    </message>
    <message>
        <source>Review new dream cards</source>
        <translation>审阅新的梦境卡片</translation>
    </message>
    <message>
        <source>Added the card for %1</source>
        <translation>已添加 %1的卡片</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>接受</translation>
    </message>
    <message>
        <source>&lt;p&gt;The whole fixed memory as one Markdown document. Lines &lt;code&gt;#N: text&lt;/code&gt; are entries; any other line (headings, notes, blank lines) is kept exactly as you type it.&lt;/p&gt;&lt;p&gt;Save renumbers the entries 1, 2, 3… in document order.&lt;/p&gt;</source>
        <translation>&lt;p&gt;整个固定记忆作为一个 Markdown 文档。&lt;code&gt;#N: text&lt;/code&gt; 形式的行是条目；其他行（标题、备注、空行）会按你输入的样子原样保留。&lt;/p&gt;&lt;p&gt;保存时会按文档顺序把条目重新编号为 1、2、3…&lt;/p&gt;</translation>
    </message>
    <message>
        <source>note — not sent as a memory; number it (#N: …) to make it one</source>
        <translation>备注——不会作为记忆发送；加上编号（#N: …）即可成为一条记忆</translation>
    </message>
    <message>
        <source>note — not an entry: an entry line starts with #N: and its text</source>
        <translation>备注——不是条目：条目行以 #N: 开头，后接其文字</translation>
    </message>
    <message>
        <source>an entry with no text — write its text or delete the line</source>
        <translation>没有文字的条目——写上文字或删除这一行</translation>
    </message>
    <message>
        <source>Kept as typed and sent with the memory; not an entry</source>
        <translation>按输入原样保留并随记忆发送；不是条目</translation>
    </message>
    <message>
        <source>Raw document — entries are lines &lt;code&gt;#N: text&lt;/code&gt;; other lines are kept as typed.</source>
        <translation>原始文档——条目是 &lt;code&gt;#N: text&lt;/code&gt; 形式的行；其他行按输入原样保留。</translation>
    </message>
    <message>
        <source>Fixed memory document</source>
        <translation>固定记忆文档</translation>
    </message>
    <message>
        <source>What saving gives</source>
        <translation>保存后的结果</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>重新加载</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Discard the changes in this view</source>
        <translation>放弃此视图中的更改</translation>
    </message>
    <message>
        <source>Renumber the entries and save (Ctrl+S); other lines are kept exactly</source>
        <translation>重新编号条目并保存（Ctrl+S）；其他行原样保留</translation>
    </message>
    <message>
        <source>Save raw Markdown</source>
        <translation>保存原始 Markdown</translation>
    </message>
    <message>
        <source>The memory changed in another window or command while you were editing. Save is off so that change is not overwritten: Reload shows the newer memory and keeps your text beside it.</source>
        <translation>你编辑期间，记忆在另一个窗口或命令中被更改。为了不覆盖那次更改，“保存”已停用：“重新加载”会显示较新的记忆，并把你的文本保留在旁边。</translation>
    </message>
    <message>
        <source>Show the newer memory in the editor; your text is kept beside it</source>
        <translation>在编辑器中显示较新的记忆；你的文本保留在旁边</translation>
    </message>
    <message>
        <source>Your text before Reload — read-only, copy what you need</source>
        <translation>重新加载前你的文本 — 只读，可复制所需内容</translation>
    </message>
    <message>
        <source>Saving gives %1 and keeps %2</source>
        <translation>保存后得到 %1，保留 %2</translation>
    </message>
    <message numerus="yes">
        <source>%Ln note(s)</source>
        <translation><numerusform>%Ln 条备注</numerusform></translation>
    </message>
    <message>
        <source>Off: the memory changed elsewhere. Reload shows it, your text kept beside it</source>
        <translation>已停用：记忆已在别处更改。“重新加载”会显示它，你的文本保留在旁边</translation>
    </message>
    <message>
        <source>Discard changes</source>
        <translation>放弃更改</translation>
    </message>
    <message>
        <source>Discard the changes to the memory document?</source>
        <translation>放弃对记忆文档的更改？</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>放弃</translation>
    </message>
    <message>
        <source>Save memory</source>
        <translation>保存记忆</translation>
    </message>
    <message numerus="yes">
        <source>This save removes %Ln entry(ies):</source>
        <translation><numerusform>此次保存会删除 %Ln 条：</numerusform></translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>已保存</translation>
    </message>
    <message>
        <source>No memory changes recorded yet.</source>
        <translation>还没有记录到记忆更改。</translation>
    </message>
    <message>
        <source>fixed</source>
        <translation>固定</translation>
    </message>
    <message>
        <source>dynamic</source>
        <translation>动态</translation>
    </message>
    <message numerus="yes">
        <source>Undo “%1”? %n line(s) of %2 memory go back to how they were.</source>
        <comment>the Revert question: the change as its History row says it; the memory (fixed or dynamic)</comment>
        <translation><numerusform>撤销“%1”？%2记忆中的 %n 行将恢复原样。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Undo “%1”? %n dream card(s) go back to how they were.</source>
        <comment>the Revert question: the change as its History row says it</comment>
        <translation><numerusform>撤销“%1”？%n 张梦境卡片将恢复原样。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Undo “%1”? %n entry(ies) of fixed memory go back to how they were.</source>
        <comment>the Revert question: the change as its History row says it</comment>
        <translation><numerusform>撤销“%1”？固定记忆中的 %n 个条目将恢复原样。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) of notes go back too.</source>
        <comment>after the Revert question: fixed memory&apos;s other lines</comment>
        <translation><numerusform>备注中的 %n 行也将恢复原样。</numerusform></translation>
    </message>
    <message>
        <source>Undo “%1”? The entry is sent to the model again.</source>
        <translation>撤销“%1”？该条目将再次发送给模型。</translation>
    </message>
    <message>
        <source>Undo “%1”? The entry is paused again: kept, but no longer sent to the model.</source>
        <translation>撤销“%1”？该条目将再次暂停：仍然保留，但不再发送给模型。</translation>
    </message>
    <message>
        <source>Undo “%1”? The card is sent to the model again.</source>
        <translation>撤销“%1”？该卡片将再次发送给模型。</translation>
    </message>
    <message>
        <source>Undo “%1”? The card is paused again: kept, but no longer sent to the model.</source>
        <translation>撤销“%1”？该卡片将再次暂停：仍然保留，但不再发送给模型。</translation>
    </message>
    <message>
        <source>; </source>
        <comment>between the parts of what a revert does</comment>
        <translation>；</translation>
    </message>
    <message>
        <source>“%1” is put back</source>
        <translation>“%1”被放回</translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) put back</source>
        <translation><numerusform>放回 %n 个条目</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n dream card(s) put back</source>
        <translation><numerusform>放回 %n 张梦境卡片</numerusform></translation>
    </message>
    <message>
        <source>“%1” is taken out</source>
        <translation>“%1”被移除</translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) taken out</source>
        <translation><numerusform>移除 %n 个条目</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n dream card(s) taken out</source>
        <translation><numerusform>移除 %n 张梦境卡片</numerusform></translation>
    </message>
    <message>
        <source>“%1” goes back to “%2”</source>
        <translation>“%1”改回“%2”</translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) changed back</source>
        <translation><numerusform>改回 %n 个条目</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n dream card(s) changed back</source>
        <translation><numerusform>改回 %n 张梦境卡片</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) of notes go back</source>
        <translation><numerusform>备注中的 %n 行恢复原样</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) added since will be removed</source>
        <translation><numerusform>此后添加的 %n 个条目将被删除</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n dream card(s) added since will be removed</source>
        <translation><numerusform>此后添加的 %n 张梦境卡片将被删除</numerusform></translation>
    </message>
    <message>
        <source>Or restore fixed memory to before this change: %1.</source>
        <translation>或者把固定记忆恢复到这次更改之前：%1。</translation>
    </message>
    <message>
        <source>Or restore dynamic memory to before this change: %1.</source>
        <translation>或者把动态记忆恢复到这次更改之前：%1。</translation>
    </message>
    <message>
        <source>Restore fixed memory to before this change? %1.</source>
        <translation>把固定记忆恢复到这次更改之前？%1。</translation>
    </message>
    <message>
        <source>Restore dynamic memory to before this change? %1.</source>
        <translation>把动态记忆恢复到这次更改之前？%1。</translation>
    </message>
    <message>
        <source>“%1” cannot be undone on its own: “%2” was changed or deleted since.</source>
        <translation>无法单独撤销“%1”：“%2”此后已被修改或删除。</translation>
    </message>
    <message>
        <source>“%1” cannot be undone on its own: memory already holds what it replaced.</source>
        <translation>无法单独撤销“%1”：记忆中已经有它替换掉的内容。</translation>
    </message>
    <message>
        <source>Restore to before it</source>
        <translation>恢复到更改之前</translation>
    </message>
    <message numerus="yes">
        <source>Undo only “%1”? %2; the %n change(s) made after it stay.</source>
        <comment>%1: the change as its History row says it; %2: what undoing it does</comment>
        <translation><numerusform>只撤销“%1”？%2；此后的 %n 次更改保留不变。</numerusform></translation>
    </message>
    <message>
        <source>Undo only this change</source>
        <translation>只撤销这次更改</translation>
    </message>
    <message>
        <source>Undid “%1”; every later change kept.</source>
        <translation>已撤销“%1”；之后的更改都保留。</translation>
    </message>
    <message>
        <source>Reverted “%1”.</source>
        <translation>已还原“%1”。</translation>
    </message>
    <message>
        <source>Paused: this entry stays in memory but is no longer sent to the model.</source>
        <translation>已暂停：此条目保留在记忆中，但不再发送给模型。</translation>
    </message>
    <message>
        <source>Resumed: this entry is sent to the model again.</source>
        <translation>已恢复：此条目会再次发送给模型。</translation>
    </message>
    <message>
        <source>Paused: this card stays in memory but is no longer sent to the model.</source>
        <translation>已暂停：此卡片保留在记忆中，但不再发送给模型。</translation>
    </message>
    <message>
        <source>Resumed: this card is sent to the model again.</source>
        <translation>已恢复：此卡片会再次发送给模型。</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>已修改</translation>
    </message>
    <message>
        <source>Folded into %1</source>
        <translation>已合并到 %1</translation>
    </message>
    <message>
        <source>Added #%1: %2</source>
        <translation>添加 #%1：%2</translation>
    </message>
    <message>
        <source>Added note: %1</source>
        <translation>添加的备注：%1</translation>
    </message>
    <message>
        <source>Removed #%1: %2</source>
        <translation>删除 #%1：%2</translation>
    </message>
    <message>
        <source>Removed note: %1</source>
        <translation>删除的备注：%1</translation>
    </message>
    <message>
        <source>Changed #%1: %2 → %3</source>
        <translation>修改 #%1：%2 → %3</translation>
    </message>
    <message>
        <source>Changed note: %1 → %2</source>
        <translation>修改的备注：%1 → %2</translation>
    </message>
    <message>
        <source>… %1 more lines (memory history --diff shows all)</source>
        <translation>… 另有 %1 行（memory history --diff 可显示全部）</translation>
    </message>
    <message>
        <source>Only blank lines or line endings changed.</source>
        <translation>只有空行或换行符有变化。</translation>
    </message>
    <message>
        <source>No line changed.</source>
        <translation>没有行被更改。</translation>
    </message>
    <message>
        <source>%1 → %2 characters</source>
        <translation>%1 → %2 个字符</translation>
    </message>
    <message>
        <source>Back to memory</source>
        <translation>返回记忆</translation>
    </message>
    <message>
        <source>Show the memory page again (Esc)</source>
        <translation>重新显示记忆页面（Esc）</translation>
    </message>
    <message>
        <source>Memory history</source>
        <translation>记忆历史</translation>
    </message>
    <message>
        <source>Put memory back as it was before this revert (Ctrl+Z)</source>
        <translation>把记忆恢复到这次还原之前（Ctrl+Z）</translation>
    </message>
    <message>
        <source>Revert this change…</source>
        <translation>还原这次更改…</translation>
    </message>
    <message>
        <source>Undo the selected change — on its own when later changes followed it, or by restoring memory to before it; asks first (the revert is itself a change you can undo)</source>
        <translation>撤销所选更改——之后还有更改时只撤销它本身，或把记忆恢复到它之前；会先询问（还原本身也是一次可撤销的更改）</translation>
    </message>
    <message>
        <source>Revert undone: memory is as it was before it.</source>
        <translation>已撤销还原：记忆恢复到还原之前的样子。</translation>
    </message>
    <message numerus="yes">
        <source>%Ln change(s), newest first</source>
        <translation><numerusform>%Ln 次更改，最新在前</numerusform></translation>
    </message>
    <message>
        <source>%1 · %2 · change #%3</source>
        <translation>%1 · %2 · 变更 #%3</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>还原</translation>
    </message>
    <message>
        <source>Revert memory</source>
        <translation>还原记忆</translation>
    </message>
    <message>
        <source>New fixed-memory entry</source>
        <translation>新的固定记忆条目</translation>
    </message>
    <message>
        <source>A new fact, preference or instruction; it is added at the end</source>
        <translation>新的事实、偏好或指令；将添加到末尾</translation>
    </message>
    <message>
        <source>Added #%1. Type the next entry, or press Esc to close.</source>
        <translation>已添加 #%1。输入下一条，或按 Esc 关闭。</translation>
    </message>
    <message>
        <source>Added #%1</source>
        <translation>已添加 #%1</translation>
    </message>
    <message>
        <source>Saved #%1</source>
        <translation>已保存 #%1</translation>
    </message>
    <message>
        <source>Edit #%1</source>
        <translation>编辑 #%1</translation>
    </message>
    <message>
        <source>Delete memory</source>
        <translation>删除记忆</translation>
    </message>
    <message>
        <source>Delete #%1: “%2”?
The entries after it are renumbered.</source>
        <translation>删除 #%1：“%2”？
其后的条目会重新编号。</translation>
    </message>
    <message>
        <source>Deleted #%1</source>
        <translation>已删除 #%1</translation>
    </message>
    <message>
        <source>Delete #%1</source>
        <translation>删除 #%1</translation>
    </message>
    <message>
        <source>#%1 is trusted now</source>
        <translation>#%1 现在是可信的</translation>
    </message>
    <message>
        <source>Mark #%1 trusted</source>
        <translation>将 #%1 标记为可信</translation>
    </message>
    <message>
        <source>#%1 is paused: kept, not sent</source>
        <translation>#%1 已暂停：保留但不发送</translation>
    </message>
    <message>
        <source>#%1 is sent again</source>
        <translation>#%1 会再次发送</translation>
    </message>
    <message>
        <source>Pause #%1</source>
        <translation>暂停 #%1</translation>
    </message>
    <message>
        <source>Copied #%1</source>
        <translation>已复制 #%1</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between quoted entries</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>“%1”</translation>
    </message>
    <message>
        <source>The file is a ChatHub memory file (JSON).</source>
        <translation>该文件是 ChatHub 记忆文件（JSON）。</translation>
    </message>
    <message>
        <source>The file is a ChatHub memory file (Markdown).</source>
        <translation>该文件是 ChatHub 记忆文件（Markdown）。</translation>
    </message>
    <message>
        <source>The file is a plain Markdown/text document: its lines become fixed-memory entries.</source>
        <translation>该文件是普通的 Markdown/文本文档：其中各行会成为固定记忆条目。</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation><numerusform>%1 等另外 %n 条</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) come(s) in untrusted: %1.</source>
        <translation><numerusform>%n 个条目以不可信状态导入：%1。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Adds %n new entry(ies); nothing is removed.</source>
        <translation><numerusform>添加 %n 个新条目；不会删除任何内容。</numerusform></translation>
    </message>
    <message>
        <source>Nothing new to add; nothing is removed.</source>
        <translation>没有可添加的新条目；不会删除任何内容。</translation>
    </message>
    <message numerus="yes">
        <source>%n is/are already in memory</source>
        <translation><numerusform>%n 个已在记忆中</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n nearly repeat(s) or is/are covered by entries you have</source>
        <translation><numerusform>%n 个与现有条目几乎重复或已被其涵盖</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n repeat(s) a line above in the file</source>
        <translation><numerusform>%n 个与文件中上方的某行重复</numerusform></translation>
    </message>
    <message>
        <source>; </source>
        <comment>between the kinds of repeats</comment>
        <translation>；</translation>
    </message>
    <message>
        <source>%1 (unticked below).</source>
        <comment>%1: how many of the file&apos;s entries repeat what, e.g. 1 is already in memory</comment>
        <translation>%1（下方未勾选）。</translation>
    </message>
    <message>
        <source>Fixed memory: unchanged (the file has none).</source>
        <translation>固定记忆：不变（文件中没有）。</translation>
    </message>
    <message numerus="yes">
        <source>Fixed memory goes from %1 to %n entry(ies) (%2).</source>
        <translation><numerusform>固定记忆将从 %1 条变为 %n 条（%2）。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>The file also has %n line(s) of notes.</source>
        <translation><numerusform>文件中还有 %n 行注释。</numerusform></translation>
    </message>
    <message>
        <source>Memory → History can revert the import.</source>
        <translation>可在 记忆 → 历史 中撤销此次导入。</translation>
    </message>
    <message>
        <source>Dynamic memory: unchanged.</source>
        <translation>动态记忆：不变。</translation>
    </message>
    <message>
        <source>Dynamic memory: unchanged (the file has none).</source>
        <translation>动态记忆：不变（文件中没有）。</translation>
    </message>
    <message numerus="yes">
        <source>Dynamic memory goes from %1 to %n card(s) (%2); Restore previous version brings the current ones back.</source>
        <translation><numerusform>动态记忆将从 %1 张卡片变为 %n 张（%2）；“恢复上一版本”可找回当前的卡片。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n card(s) of the file is/are shortened to the card and document caps.</source>
        <translation><numerusform>文件中的 %n 张卡片会按卡片和文档上限缩短。</numerusform></translation>
    </message>
    <message>
        <source>Who wrote each entry: unchanged.</source>
        <translation>每条记忆由谁写下：不变。</translation>
    </message>
    <message>
        <source>Who wrote each entry stays as it is; an added entry counts as written by you.</source>
        <translation>每条记忆由谁写下保持不变；新增的条目记为由你写下。</translation>
    </message>
    <message>
        <source>Who wrote each entry stays as it is; an added entry keeps what the file says.</source>
        <translation>每条记忆由谁写下保持不变；新增的条目沿用文件中的记录。</translation>
    </message>
    <message>
        <source>Who wrote each entry: %1 unchanged, %2 changed or removed, %3 new.</source>
        <translation>每条记忆由谁写下：%1 条不变，%2 条更改或删除，%3 条新增。</translation>
    </message>
    <message>
        <source>The file is %1.</source>
        <translation>该文件是 %1。</translation>
    </message>
    <message>
        <source>Fixed memory is already empty</source>
        <translation>固定记忆已经是空的</translation>
    </message>
    <message>
        <source>this assistant</source>
        <translation>此助手</translation>
    </message>
    <message>
        <source>Clear fixed memory</source>
        <translation>清空固定记忆</translation>
    </message>
    <message>
        <source>Remove all of %1&apos;s fixed memory? Memory → History can revert it.</source>
        <translation>删除 %1 的全部固定记忆？可在 记忆 → 历史记录 中还原。</translation>
    </message>
    <message>
        <source>Cleared fixed memory — History can revert it</source>
        <translation>已清空固定记忆——可在历史记录中还原</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>已导出到 %1</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Replace: the file&apos;s memory instead of the current one</source>
        <translation>替换：用文件中的记忆取代当前记忆</translation>
    </message>
    <message>
        <source>Merge: add the file&apos;s fixed entries to the current ones</source>
        <translation>合并：把文件中的固定条目添加到当前条目</translation>
    </message>
    <message>
        <source>Import memory</source>
        <translation>导入记忆</translation>
    </message>
    <message>
        <source>Import %1 into %2&apos;s memory?</source>
        <translation>将 %1 导入 %2 的记忆？</translation>
    </message>
    <message>
        <source>Imported %1</source>
        <translation>已导入 %1</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>导入…</translation>
    </message>
    <message>
        <source>Merge a memory file&apos;s fixed entries into this memory, or replace it (JSON or Markdown); a preview shows what changes first</source>
        <translation>把记忆文件中的固定条目合并到此记忆，或替换它（JSON 或 Markdown）；会先预览有哪些变化</translation>
    </message>
    <message>
        <source>Import from another &amp;assistant…</source>
        <translation>从其他助手导入…</translation>
    </message>
    <message>
        <source>Paste what ChatGPT, Claude or another assistant remembers about you; each fact becomes an entry</source>
        <translation>粘贴 ChatGPT、Claude 或其他助手记住的关于你的内容；每条事实成为一个条目</translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Save this assistant&apos;s memory to a file: fixed and dynamic memory with where each entry came from (JSON or Markdown), or the fixed document alone</source>
        <translation>把此助手的记忆保存到文件：固定记忆和动态记忆及每条的来源（JSON 或 Markdown），或仅固定记忆文档</translation>
    </message>
    <message>
        <source>&amp;Copy document</source>
        <translation>复制文档</translation>
    </message>
    <message>
        <source>Copy the memory document (Markdown) to the clipboard</source>
        <translation>将记忆文档（Markdown）复制到剪贴板</translation>
    </message>
    <message>
        <source>C&amp;lear…</source>
        <translation>清空…</translation>
    </message>
    <message>
        <source>Remove every fixed-memory entry, after showing what goes (Memory → History can revert it)</source>
        <translation>先显示将删除的内容，再删除所有固定记忆条目（可在 记忆 → 历史记录 中还原）</translation>
    </message>
    <message>
        <source>Merged %1: %2 added, %3 left out</source>
        <comment>the entries the user left unticked: repeats, or any they chose</comment>
        <translation>已合并 %1：添加 %2 条，未添加 %3 条</translation>
    </message>
    <message>
        <source>Copied the memory document</source>
        <translation>已复制记忆文档</translation>
    </message>
    <message>
        <source>Delete the selected card (Del)</source>
        <translation>删除所选卡片（Del）</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation>编辑 %1</translation>
    </message>
    <message>
        <source>Delete dream card</source>
        <translation>删除梦境卡片</translation>
    </message>
    <message>
        <source>Clear dynamic memory</source>
        <translation>清空动态记忆</translation>
    </message>
    <message numerus="yes">
        <source>Remove all %n dream card(s)? Restore previous version brings them back.</source>
        <translation><numerusform>删除全部 %n 张梦境卡片？“恢复上一版本”可找回。</numerusform></translation>
    </message>
    <message>
        <source>Cleared the dream cards — Restore previous version brings them back</source>
        <translation>已清空梦境卡片——“恢复上一版本”可找回</translation>
    </message>
    <message numerus="yes">
        <source>Restored the previous version (%Ln card(s)); restore again to undo</source>
        <translation><numerusform>已恢复上一版本（%Ln 张卡片）；再次恢复即可撤销</numerusform></translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message numerus="yes">
        <source>Copied %Ln card(s)</source>
        <translation><numerusform>已复制 %Ln 张卡片</numerusform></translation>
    </message>
    <message>
        <source>Another change is still being written; try again in a moment.</source>
        <translation>另一项更改仍在写入；请稍后再试。</translation>
    </message>
    <message>
        <source>Dreaming over %1…</source>
        <translation>正在对 %1做梦…</translation>
    </message>
    <message>
        <source>Reading the topics of %1…</source>
        <translation>正在读取 %1的话题…</translation>
    </message>
    <message>
        <source>Asking the History Compress model about %1…</source>
        <translation>正在向History Compress 模型询问 %1…</translation>
    </message>
    <message>
        <source>Merging older cards into a range card…</source>
        <translation>正在把较早的卡片合并成范围卡片…</translation>
    </message>
    <message>
        <source>Dream now again to see what it would add to the memory as it is now.</source>
        <translation>再次“立即做梦”，查看它会为当前的记忆添加什么。</translation>
    </message>
    <message>
        <source>Nothing was written. Retry dreams over the same day again now.</source>
        <translation>未写入任何内容。“重试”会立即对同一天再次做梦。</translation>
    </message>
    <message>
        <source>Nothing was written. The schedule tries this day again at its next cycle; Retry dreams over it now as a manual run (it is not shown as a scheduled run).</source>
        <translation>未写入任何内容。计划会在下一周期再次尝试这一天；“重试”会立即以手动运行的方式对它做梦（不会显示为计划运行）。</translation>
    </message>
    <message>
        <source>Scheduled dream</source>
        <translation>定时做梦</translation>
    </message>
    <message>
        <source>The scheduled dream</source>
        <translation>定时做梦</translation>
    </message>
    <message>
        <source>%1 over %2 (UTC) failed %3.</source>
        <comment>%3: when, e.g. today at 22:24 in Berlin (21:24 UTC)</comment>
        <translation>%1（%2，UTC）于%3失败。</translation>
    </message>
    <message>
        <source>Range card %1 – %2</source>
        <translation>范围卡片 %1 – %2</translation>
    </message>
    <message>
        <source>Add the dream card for %1? It folds into a range card:</source>
        <translation>添加 %1的梦境卡片？它会合并进一张范围卡片：</translation>
    </message>
    <message>
        <source>The card for %1 was dreamt again. Use the new card, or keep the old one?</source>
        <translation>已对 %1 的卡片重新做梦。使用新卡片，还是保留旧卡片？</translation>
    </message>
    <message>
        <source>Dream failed: %1</source>
        <translation>做梦失败：%1</translation>
    </message>
    <message>
        <source>Dream failed</source>
        <translation>做梦失败</translation>
    </message>
    <message>
        <source>%1 over %2 failed: %3</source>
        <translation>%1（%2）失败：%3</translation>
    </message>
    <message>
        <source>%1 over %2 failed</source>
        <translation>%1（%2）失败</translation>
    </message>
    <message>
        <source>the History Compress model gave no reason</source>
        <translation>History Compress 模型没有给出原因</translation>
    </message>
    <message>
        <source>Reason: %1</source>
        <translation>原因：%1</translation>
    </message>
    <message>
        <source>%1: the card for %2 is ready — nothing is written until you add it</source>
        <translation>%1：%2的卡片已就绪——在你添加之前不会写入任何内容</translation>
    </message>
    <message>
        <source>Add the dream card for %1? It folds older cards into a range card:</source>
        <translation>添加 %1的梦境卡片？它会把较早的卡片合并成一张范围卡片：</translation>
    </message>
    <message>
        <source>Add the dream card for %1?</source>
        <translation>添加 %1的梦境卡片？</translation>
    </message>
    <message>
        <source>Removed</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Edited</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Add card</source>
        <translation>添加卡片</translation>
    </message>
    <message>
        <source>%1 cancelled — nothing was written</source>
        <translation>%1 已取消——未写入任何内容</translation>
    </message>
    <message>
        <source>%1: the new card for %2 is ready — the old one stays until you choose the new one</source>
        <translation>%1：%2的新卡片已就绪——在你选择新卡片之前旧卡片保持不变</translation>
    </message>
    <message>
        <source>Keep the old card</source>
        <translation>保留旧卡片</translation>
    </message>
    <message>
        <source>New card</source>
        <translation>新卡片</translation>
    </message>
    <message>
        <source>Old card</source>
        <translation>旧卡片</translation>
    </message>
    <message>
        <source>Use the new card</source>
        <translation>使用新卡片</translation>
    </message>
    <message>
        <source>Nothing is written until you choose.</source>
        <translation>在你选择之前不会写入任何内容。</translation>
    </message>
    <message>
        <source>%1 stopped — nothing was written</source>
        <translation>%1 已停止——未写入任何内容</translation>
    </message>
    <message>
        <source>%1: %2. %3</source>
        <translation>%1：%2。%3</translation>
    </message>
    <message>
        <source>Scheduled dream stopped — it is tried again later</source>
        <translation>定时做梦已停止——之后会再次尝试</translation>
    </message>
    <message>
        <source>Scheduled dream: %1</source>
        <translation>定时做梦：%1</translation>
    </message>
    <message>
        <source>Enter saves · Shift+Enter new line · Esc cancels</source>
        <translation>Enter 保存 · Shift+Enter 换行 · Esc 取消</translation>
    </message>
    <message>
        <source>Enter adds · Shift+Enter new line · Esc closes</source>
        <translation>Enter 添加 · Shift+Enter 换行 · Esc 关闭</translation>
    </message>
    <message>
        <source>%1 / %2 characters</source>
        <translation>%1 / %2 个字符</translation>
    </message>
    <message>
        <source> — too long to save</source>
        <translation>——太长，无法保存</translation>
    </message>
    <message>
        <source>dream</source>
        <translation>做梦写入</translation>
    </message>
    <message>
        <source>agent</source>
        <translation>模型写入</translation>
    </message>
    <message>
        <source>⚠ untrusted</source>
        <translation>⚠ 不可信</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>Written by you in this editor</source>
        <translation>由你在此编辑器中写入</translation>
    </message>
    <message>
        <source>Written by the memory dream</source>
        <translation>做梦时写入</translation>
    </message>
    <message>
        <source>Written by the model with its memory tool</source>
        <translation>由模型用其记忆工具写入</translation>
    </message>
    <message>
        <source>The model wrote this entry while its recent history held web or plugin output, so it is sent as data, not instructions. Mark it trusted if you agree with it.</source>
        <translation>模型写下此条目时，其近期历史中含有网页或插件输出，因此它会作为数据而不是指令发送。如果你认可它，请将其标记为可信。</translation>
    </message>
    <message>
        <source>Origin not recorded</source>
        <translation>未记录来源</translation>
    </message>
    <message>
        <source>Untrusted: </source>
        <translation>不可信：</translation>
    </message>
    <message>
        <source>Double-click or Enter to edit, Del to delete</source>
        <translation>双击或按 Enter 编辑，按 Del 删除</translation>
    </message>
    <message>
        <source> (untrusted)</source>
        <translation>（不可信）</translation>
    </message>
    <message>
        <source> (paused)</source>
        <translation>（已暂停）</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>备注：%1</translation>
    </message>
    <message>
        <source>A free-form line of the raw document (Edit raw changes it); it is sent with the memory as written</source>
        <translation>原始文档中的自由格式行（用“编辑原文”修改）；会按原样随记忆发送</translation>
    </message>
    <message>
        <source>Click to open: show the days folded into this card (Space)</source>
        <translation>点击展开：显示折叠进这张卡片的各天（空格）</translation>
    </message>
    <message>
        <source>Click to fold: the days back into one line (Space)</source>
        <translation>点击折叠：把各天收回为一行（空格）</translation>
    </message>
    <message>
        <source>Click the card&apos;s header to fold it again (Space)</source>
        <translation>点击卡片标题行可重新折叠（空格）</translation>
    </message>
    <message>
        <source>One UTC day</source>
        <translation>一个 UTC 日</translation>
    </message>
    <message>
        <source>Older days merged into one card</source>
        <translation>较早的日期合并成的一张卡片</translation>
    </message>
    <message>
        <source>Text from before dated cards</source>
        <translation>日期卡片出现之前的文本</translation>
    </message>
    <message>
        <source>A card with an unusual tag</source>
        <translation>标签不寻常的卡片</translation>
    </message>
    <message>
        <source>Enter or double-click to edit, Del to delete</source>
        <translation>按 Enter 或双击编辑，按 Del 删除</translation>
    </message>
    <message>
        <source>Ctrl+R or the refresh icon: dream over this day again</source>
        <translation>Ctrl+R 或刷新图标：对这一天重新做梦</translation>
    </message>
    <message>
        <source>the card for %1</source>
        <translation>%1的卡片</translation>
    </message>
    <message>
        <source>the older card</source>
        <translation>没有日期的旧卡片</translation>
    </message>
    <message>
        <source>the card “%1”</source>
        <translation>卡片“%1”</translation>
    </message>
    <message numerus="yes">
        <source>%n day(s)</source>
        <translation><numerusform>%n 天</numerusform></translation>
    </message>
    <message>
        <source>Several days</source>
        <translation>若干天</translation>
    </message>
    <message>
        <source>%1 folded into one card — click or press Space to show them</source>
        <translation>%1折叠成一张卡片——点击或按空格显示</translation>
    </message>
    <message numerus="yes">
        <source>%Ln single-day card(s)</source>
        <translation><numerusform>%Ln 张单日卡片</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln range card(s)</source>
        <translation><numerusform>%Ln 张范围卡片</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln older card(s)</source>
        <translation><numerusform>%Ln 张旧卡片</numerusform></translation>
    </message>
    <message>
        <source>no date</source>
        <translation>无日期</translation>
    </message>
    <message>
        <source>Regenerate: dream over %1 again (Ctrl+R)</source>
        <translation>重新生成：对 %1重新做梦（Ctrl+R）</translation>
    </message>
    <message>
        <source>Yesterday</source>
        <translation>昨天</translation>
    </message>
    <message numerus="yes">
        <source>%n topic(s)</source>
        <translation><numerusform>%n 个话题</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln message(s)</source>
        <translation><numerusform>%Ln 条消息</numerusform></translation>
    </message>
    <message>
        <source>%1 · %2 · %3, %4</source>
        <translation>%1 · %2 · %3，%4</translation>
    </message>
    <message>
        <source>%1 · %2, %3</source>
        <translation>%1 · %2，%3</translation>
    </message>
    <message>
        <source>The finished UTC day Dream now reads (days with messages and no card yet, newest first)</source>
        <translation>“立即做梦”读取的已结束 UTC 日（有消息且还没有卡片的日期，最新在前）</translation>
    </message>
    <message numerus="yes">
        <source>%n proposal(s) wait(s) for review. Every other finished day has a card; today&apos;s chats can be dreamt tomorrow.</source>
        <translation><numerusform>%n 条提议等待审阅。其余已结束的日子都已有卡片；今天的聊天明天才能做梦整理。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n proposal(s) wait(s) for review. Today&apos;s chats can be dreamt tomorrow.</source>
        <translation><numerusform>%n 条提议等待审阅。今天的聊天明天才能做梦整理。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n proposal(s) wait(s) for review. Every other day with messages has a card; to dream one again, use ↻ Regenerate on its card.</source>
        <translation><numerusform>%n 条提议等待审阅。其余有消息的日子都已有卡片；要对某天重新做梦，请在它的卡片上使用“↻ 重新生成”。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n proposal(s) wait(s) for review. No other finished day has messages.</source>
        <translation><numerusform>%n 条提议等待审阅。没有其他含消息的已结束日期。</numerusform></translation>
    </message>
    <message>
        <source>Every finished day has a card; today&apos;s chats can be dreamt tomorrow.</source>
        <translation>每个已结束的日子都已有卡片；今天的聊天明天才能做梦整理。</translation>
    </message>
    <message>
        <source>Nothing to dream yet: today&apos;s chats can be dreamt tomorrow.</source>
        <translation>暂时没有可做梦的日子：今天的聊天明天才能做梦整理。</translation>
    </message>
    <message>
        <source>Every day with messages has a card. To dream a day again, use ↻ Regenerate on its card.</source>
        <translation>每个有消息的日子都已有卡片。要对某天重新做梦，请在它的卡片上使用“↻ 重新生成”。</translation>
    </message>
    <message>
        <source>No finished day has messages yet.</source>
        <translation>还没有含消息的已结束日期。</translation>
    </message>
    <message>
        <source>What will change</source>
        <translation>将会更改的内容</translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation>… 另有 %1 项</translation>
    </message>
    <message>
        <source>No entry changes.</source>
        <translation>没有条目更改。</translation>
    </message>
    <message>
        <source>Repeats %1</source>
        <translation>重复 %1</translation>
    </message>
    <message>
        <source>… and %1 more (new ones added, repeats left out)</source>
        <translation>… 另有 %1 项（新条目会添加，重复的略去）</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>帮助</translation>
    </message>
    <message>
        <source>you</source>
        <translation>你</translation>
    </message>
    <message>
        <source>the model in topic “%1”</source>
        <translation>话题“%1”中的模型</translation>
    </message>
    <message>
        <source>the model in topic #%1</source>
        <translation>话题 #%1 中的模型</translation>
    </message>
    <message>
        <source>the model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>the dream for %1</source>
        <translation>做梦（%1）</translation>
    </message>
    <message>
        <source>the dream</source>
        <translation>做梦</translation>
    </message>
    <message>
        <source>import of %1</source>
        <translation>从 %1 导入</translation>
    </message>
    <message>
        <source>an import</source>
        <translation>一次导入</translation>
    </message>
    <message>
        <source>revert of change #%1</source>
        <translation>还原变更 #%1</translation>
    </message>
    <message>
        <source>an unattributed write</source>
        <translation>来源不明的写入</translation>
    </message>
    <message>
        <source>added entry #%1</source>
        <translation>添加了条目 #%1</translation>
    </message>
    <message>
        <source>edited entry #%1</source>
        <translation>编辑了条目 #%1</translation>
    </message>
    <message>
        <source>updated entry #%1</source>
        <translation>更新了条目 #%1</translation>
    </message>
    <message>
        <source>deleted entry #%1</source>
        <translation>删除了条目 #%1</translation>
    </message>
    <message>
        <source>paused entry #%1</source>
        <translation>暂停了条目 #%1</translation>
    </message>
    <message>
        <source>resumed entry #%1</source>
        <translation>恢复了条目 #%1</translation>
    </message>
    <message>
        <source>saved the raw Markdown</source>
        <translation>保存了原始 Markdown</translation>
    </message>
    <message>
        <source>cleared fixed memory</source>
        <translation>清空了固定记忆</translation>
    </message>
    <message>
        <source>edited card #%1</source>
        <translation>编辑了卡片 #%1</translation>
    </message>
    <message>
        <source>deleted card #%1</source>
        <translation>删除了卡片 #%1</translation>
    </message>
    <message>
        <source>paused card #%1</source>
        <translation>暂停了卡片 #%1</translation>
    </message>
    <message>
        <source>resumed card #%1</source>
        <translation>恢复了卡片 #%1</translation>
    </message>
    <message>
        <source>cleared dynamic memory</source>
        <translation>清空了动态记忆</translation>
    </message>
    <message>
        <source>restored the previous version</source>
        <translation>恢复了上一个版本</translation>
    </message>
    <message>
        <source>set Keep dream cards to %1</source>
        <translation>将保留梦境卡片数设为 %1</translation>
    </message>
    <message>
        <source>accepted the dream&apos;s card for %1</source>
        <translation>接受了做梦为 %1 生成的梦境卡片</translation>
    </message>
    <message>
        <source>added the card for %1</source>
        <translation>添加了 %1的卡片</translation>
    </message>
    <message>
        <source>regenerated the card for %1</source>
        <translation>重新生成了 %1的卡片</translation>
    </message>
    <message>
        <source>imported a memory file</source>
        <translation>导入了一个记忆文件</translation>
    </message>
    <message>
        <source>imported %1</source>
        <translation>导入了 %1</translation>
    </message>
    <message>
        <source>reverted change #%1 (%2)</source>
        <translation>还原了变更 #%1（%2）</translation>
    </message>
    <message>
        <source>undid change #%1 (%2)</source>
        <translation>撤销了变更 #%1（%2）</translation>
    </message>
    <message>
        <source>changed the memory</source>
        <translation>修改了记忆</translation>
    </message>
    <message>
        <source>added the card</source>
        <translation>添加了卡片</translation>
    </message>
    <message>
        <source>regenerated the card</source>
        <translation>重新生成了卡片</translation>
    </message>
    <message>
        <source>imported the file</source>
        <translation>导入了该文件</translation>
    </message>
    <message numerus="yes">
        <source>added the card for %1; folded %n older card(s) into a range</source>
        <translation><numerusform>添加了 %1的卡片；将 %n 张较早的卡片合并为范围卡片</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>accepted the dream&apos;s card for %1, which folded %n older card(s) into a range</source>
        <translation><numerusform>接受了做梦为 %1 生成的梦境卡片，并将 %n 张较早的卡片合并为一张范围卡片</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>imported %1 (%n new entry(ies))</source>
        <translation><numerusform>导入了 %1（新增 %n 条）</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>added %n entry(ies)</source>
        <translation><numerusform>添加了 %n 条</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>added the card; folded %n older card(s) into a range</source>
        <translation><numerusform>添加了卡片；将 %n 张较早的卡片合并为范围卡片</numerusform></translation>
    </message>
    <message>
        <source>You undid “%1”</source>
        <comment>a History row: a change undone on its own, later changes kept; the change as its own row says it</comment>
        <translation>你撤销了“%1”</translation>
    </message>
    <message>
        <source>You reverted “%1”</source>
        <comment>a History row: the undone change as its own row says it</comment>
        <translation>你还原了“%1”</translation>
    </message>
    <message>
        <source>You undid a revert of “%1”</source>
        <comment>a History row: a revert undone; the change that revert undid as its row says it</comment>
        <translation>你撤销了对“%1”的还原</translation>
    </message>
    <message>
        <source>You reverted “%1” again</source>
        <comment>a History row: a revert made again after its undo; the change as its row says it</comment>
        <translation>你再次还原了“%1”</translation>
    </message>
    <message numerus="yes">
        <source>Imported %1: %n entry(ies) added</source>
        <translation><numerusform>已导入 %1：添加了 %n 条</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Imported %1 — %n new entry(ies)</source>
        <translation><numerusform>已导入 %1 — 新增 %n 条</numerusform></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>a memory change as a sentence: who, then what it did</comment>
        <translation>%1%2</translation>
    </message>
    <message>
        <source>Edit model card…</source>
        <translation>编辑模型卡片…</translation>
    </message>
    <message>
        <source>Open the History Compress model&apos;s card: raise its max output or its context window, then Retry</source>
        <translation>打开 History Compress 模型的模型卡片：调高它的最大输出或上下文窗口，然后重试</translation>
    </message>
    <message>
        <source>Saved the model card of %1 — Retry dreams with it</source>
        <translation>已保存 %1 的模型卡片 — 重试时使用它做梦</translation>
    </message>
    <message>
        <source>Pause: the assistant won&apos;t see this entry (Ctrl+P)</source>
        <translation>暂停：助手将看不到这条记忆（Ctrl+P）</translation>
    </message>
    <message>
        <source>Resume: the assistant sees this entry again (Ctrl+P)</source>
        <translation>恢复：助手重新看到这条记忆（Ctrl+P）</translation>
    </message>
    <message>
        <source>imported from %1 (export %2, %3)</source>
        <translation>导入自 %1（导出文件 %2，%3）</translation>
    </message>
    <message>
        <source>imported from %1 (export %2)</source>
        <translation>导入自 %1（导出文件 %2）</translation>
    </message>
    <message>
        <source>imported from %1 (%2)</source>
        <translation>导入自 %1（%2）</translation>
    </message>
    <message>
        <source>imported from %1</source>
        <translation>导入自 %1</translation>
    </message>
    <message>
        <source>imported from the memory file %1 (%2)</source>
        <translation>导入自记忆文件 %1（%2）</translation>
    </message>
    <message>
        <source>imported from the memory file %1</source>
        <translation>导入自记忆文件 %1</translation>
    </message>
    <message>
        <source>imported from a memory file (%1)</source>
        <translation>导入自记忆文件（%1）</translation>
    </message>
    <message>
        <source>imported from a memory file</source>
        <translation>导入自记忆文件</translation>
    </message>
    <message>
        <source>from a memory file</source>
        <translation>来自记忆文件</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>来自 %1</translation>
    </message>
    <message numerus="yes">
        <source>added %n entry(ies) from a memory file</source>
        <translation><numerusform>从记忆文件添加了 %n 条</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>added %n entry(ies) from %1</source>
        <translation><numerusform>从 %1 添加了 %n 条</numerusform></translation>
    </message>
    <message>
        <source>It may be cut short — the model hit its length limit.</source>
        <translation>它可能不完整——模型达到了长度上限。</translation>
    </message>
    <message>
        <source>Likely secrets were taken out of it.</source>
        <translation>疑似机密已从中删去。</translation>
    </message>
    <message>
        <source>A card for %1 waits in Proposals.</source>
        <translation>%1的卡片在“提议”中等待审阅。</translation>
    </message>
    <message>
        <source>From the file: ticked entries are added (%1 of %2)</source>
        <translation>来自文件：勾选的条目会被添加（%1 / %2）</translation>
    </message>
    <message>
        <source>Tick an entry to import it</source>
        <translation>勾选一个条目即可导入</translation>
    </message>
    <message>
        <source>Nothing to add: each of the file&apos;s entries is already in memory</source>
        <translation>没有可添加的：文件中的每个条目都已在记忆中</translation>
    </message>
    <message>
        <source>Accept proposal</source>
        <translation>接受提议</translation>
    </message>
    <message>
        <source>Edit proposal</source>
        <translation>编辑提议</translation>
    </message>
    <message>
        <source>Discard proposal</source>
        <translation>丢弃提议</translation>
    </message>
    <message>
        <source>Saving won&apos;t start a dream now: %1 already has a card.</source>
        <translation>保存后现在不会做梦：%1 已有卡片。</translation>
    </message>
    <message>
        <source>Saving won&apos;t start a dream now: %1 already has a card waiting for review.</source>
        <translation>保存后现在不会做梦：%1 已有一张等待审阅的卡片。</translation>
    </message>
    <message>
        <source>Saving won&apos;t start a dream now: %1 has no messages to dream over.</source>
        <translation>保存后现在不会做梦：%1 没有可用于做梦的消息。</translation>
    </message>
    <message>
        <source>Saving starts a dream now over %1, for the run missed %2.</source>
        <comment>%1 the day it reads; %2 the missed run, as &apos;today at 03:00 in Berlin (02:00 UTC)&apos;</comment>
        <translation>保存后会立即读取 %1 做梦，补上原定于%2却已错过的那次运行。</translation>
    </message>
    <message>
        <source>Changed elsewhere while you were editing — %1 now says: “%2”</source>
        <translation>你编辑期间已在别处更改 — %1 现在是：“%2”</translation>
    </message>
    <message>
        <source>Keep mine</source>
        <translation>保留我的</translation>
    </message>
    <message>
        <source>Save your text over the newer one (Enter)</source>
        <translation>用你的文本覆盖较新的版本（Enter）</translation>
    </message>
    <message>
        <source>Use theirs</source>
        <translation>使用对方的</translation>
    </message>
    <message>
        <source>Drop your text and show the newer one (Esc)</source>
        <translation>放弃你的文本并显示较新的版本（Esc）</translation>
    </message>
    <message>
        <source>Enter keeps mine · Shift+Enter new line · Esc uses theirs</source>
        <translation>Enter 保留我的 · Shift+Enter 换行 · Esc 使用对方的</translation>
    </message>
    <message>
        <source>Deleted elsewhere while you were editing: %1 is no longer in the memory.</source>
        <translation>你编辑期间已在别处删除：%1 已不在记忆中。</translation>
    </message>
    <message>
        <source>Add as new entry</source>
        <translation>添加为新条目</translation>
    </message>
    <message>
        <source>Add your text at the end of the memory (Enter)</source>
        <translation>把你的文本添加到记忆末尾（Enter）</translation>
    </message>
    <message>
        <source>Drop</source>
        <translation>放弃</translation>
    </message>
    <message>
        <source>Drop your text (Esc)</source>
        <translation>放弃你的文本（Esc）</translation>
    </message>
    <message>
        <source>Enter adds it as a new entry · Esc drops it</source>
        <translation>Enter 添加为新条目 · Esc 放弃</translation>
    </message>
    <message>
        <source>The memory changed elsewhere, but not %1: Enter saves your text.</source>
        <translation>记忆已在别处更改，但 %1 没有变：Enter 保存你的文本。</translation>
    </message>
    <message>
        <source>Deleted elsewhere, or merged into a range card, while you were editing: %1 is gone.</source>
        <translation>你编辑期间已在别处删除，或已合并到范围卡片：%1 已不存在。</translation>
    </message>
    <message>
        <source>Copy my text</source>
        <translation>复制我的文本</translation>
    </message>
    <message>
        <source>Copy your text to the clipboard and close the editor (Enter)</source>
        <translation>把你的文本复制到剪贴板并关闭编辑器（Enter）</translation>
    </message>
    <message>
        <source>Enter copies your text · Esc drops it</source>
        <translation>Enter 复制你的文本 · Esc 放弃</translation>
    </message>
    <message>
        <source>The cards changed elsewhere, but not %1: Enter saves your text.</source>
        <translation>卡片已在别处更改，但%1没有变：Enter 保存你的文本。</translation>
    </message>
    <message>
        <source>Nothing was saved. %1</source>
        <translation>未保存任何内容。%1</translation>
    </message>
    <message>
        <source>Your text before Reload</source>
        <translation>重新加载前你的文本</translation>
    </message>
    <message>
        <source>Show the preview</source>
        <translation>显示预览</translation>
    </message>
    <message>
        <source>Show what saving gives in place of your text before Reload</source>
        <translation>在重新加载前你的文本处显示保存后得到的结果</translation>
    </message>
    <message>
        <source>Show your text</source>
        <translation>显示你的文本</translation>
    </message>
    <message>
        <source>Show the text you had before Reload beside the newer memory, to copy from</source>
        <translation>在较新的记忆旁显示重新加载前你的文本，以便复制</translation>
    </message>
</context>
<context>
    <name>MemoryPaste</name>
    <message>
        <source>repeats %1</source>
        <translation>与%1重复</translation>
    </message>
    <message>
        <source>covered by %1</source>
        <translation>已包含在%1中</translation>
    </message>
    <message>
        <source>already in memory as %1</source>
        <translation>已在记忆中：%1</translation>
    </message>
    <message>
        <source>already covered by %1</source>
        <translation>已包含在%1中</translation>
    </message>
    <message>
        <source>nearly repeats %1</source>
        <translation>与%1几乎重复</translation>
    </message>
    <message>
        <source>Another assistant</source>
        <translation>其他助手</translation>
    </message>
    <message>
        <source>Ask the other assistant “What do you remember about me?” (or copy its saved memories) and paste its answer here. Each fact becomes one memory entry.</source>
        <translation>问另一个助手“你记得关于我的哪些事？”（或复制它保存的记忆），然后把回答粘贴到这里。每条事实成为一个记忆条目。</translation>
    </message>
    <message>
        <source>Import memory from another assistant</source>
        <translation>从其他助手导入记忆</translation>
    </message>
    <message>
        <source>&amp;From:</source>
        <translation>来源：</translation>
    </message>
    <message>
        <source>Noted in the provenance of every entry added</source>
        <translation>会记录在每个添加条目的来源信息中</translation>
    </message>
    <message>
        <source>From a Claude export &amp;zip…</source>
        <translation>从 Claude 导出的 &amp;zip 读取…</translation>
    </message>
    <message>
        <source>Read what Claude remembers (memories.json, with each project&apos;s memory) from the Claude.ai data export zip into the box below</source>
        <translation>从 Claude.ai 数据导出 zip 中读取 Claude 记住的内容（memories.json，含每个项目的记忆）到下方文本框</translation>
    </message>
    <message>
        <source>Paste the answer here…</source>
        <translation>在此粘贴回答…</translation>
    </message>
    <message>
        <source>Pasted memory</source>
        <translation>粘贴的记忆</translation>
    </message>
    <message>
        <source>Facts to add</source>
        <translation>要添加的事实</translation>
    </message>
    <message>
        <source>Untick what should not become a memory entry</source>
        <translation>取消勾选不应成为记忆条目的内容</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Add the ticked facts as entries at the end of the fixed memory</source>
        <translation>将勾选的事实作为条目添加到固定记忆末尾</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Add %n entry(ies)</source>
        <translation><numerusform>添加 %n 条</numerusform></translation>
    </message>
    <message>
        <source>Claude data export</source>
        <translation>Claude 数据导出</translation>
    </message>
    <message>
        <source>Claude export (*.zip);;All files (*)</source>
        <translation>Claude 导出 (*.zip);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 holds no memories.json: nothing Claude remembered</source>
        <translation>%1 中没有 memories.json：Claude 没有记住任何内容</translation>
    </message>
    <message>
        <source>Pasted: ticked facts are added (%1 of %2)</source>
        <translation>粘贴的事实：勾选的会被添加（%1 / %2）</translation>
    </message>
    <message>
        <source>Tick a fact to add it</source>
        <translation>勾选一条事实即可添加</translation>
    </message>
    <message>
        <source>Nothing to add: each fact is already in memory</source>
        <translation>没有可添加的：每条事实都已在记忆中</translation>
    </message>
</context>
<context>
    <name>MessageActions</name>
    <message>
        <source>Continue reply</source>
        <translation>继续生成回复</translation>
    </message>
    <message>
        <source>Copy message</source>
        <translation>复制消息</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>编辑消息</translation>
    </message>
    <message>
        <source>Regenerate reply</source>
        <translation>重新生成回复</translation>
    </message>
    <message>
        <source>Pin message</source>
        <translation>置顶消息</translation>
    </message>
    <message>
        <source>Delete message</source>
        <translation>删除消息</translation>
    </message>
    <message>
        <source>Context receipt</source>
        <translation>上下文回执</translation>
    </message>
    <message>
        <source>The model writes on where this reply stopped at the length limit, into the same reply</source>
        <translation>模型从这条回复因长度上限而停止的地方接着写，写入同一条回复</translation>
    </message>
    <message>
        <source>Copy this message&apos;s text (Markdown) to the clipboard</source>
        <translation>将这条消息的文字（Markdown）复制到剪贴板</translation>
    </message>
    <message>
        <source>Change this message&apos;s text and send it again as a new branch</source>
        <translation>修改这条消息的文字，并作为新分支再次发送</translation>
    </message>
    <message>
        <source>Ask again with the same context; this reply stays a version</source>
        <translation>用相同的上下文再问一次；这条回复保留为一个版本</translation>
    </message>
    <message>
        <source>Keep this message word for word when the topic is compacted</source>
        <translation>压缩话题时逐字保留这条消息</translation>
    </message>
    <message>
        <source>Remove this message from the topic</source>
        <translation>从话题中删除这条消息</translation>
    </message>
    <message>
        <source>What this reply was sent with: the context receipt</source>
        <translation>这条回复发送时携带的内容：上下文回执</translation>
    </message>
    <message>
        <source>Unpin message</source>
        <translation>取消置顶</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
    <message>
        <source>Unpin: compaction may summarise it again</source>
        <translation>取消置顶：压缩可能会再次总结它</translation>
    </message>
    <message>
        <source>Message actions</source>
        <translation>消息操作</translation>
    </message>
    <message>
        <source>Delete this message from the topic? This cannot be undone.</source>
        <translation>从话题中删除这条消息？此操作无法撤销。</translation>
    </message>
    <message>
        <source>This window is writing this reply; press Stop to end it</source>
        <translation>此窗口正在写这条回复；按“停止”结束</translation>
    </message>
    <message>
        <source>Mark as interrupted</source>
        <translation>标记为已中断</translation>
    </message>
    <message>
        <source>Mark this reply as interrupted? Do this only when the window or command writing it is gone or no longer answers; what arrived is kept.</source>
        <translation>将这条回复标记为已中断？仅当正在写它的窗口或命令已不在或不再响应时才这样做；已收到的内容会保留。</translation>
    </message>
    <message>
        <source>Reply marked as interrupted; you can send or retry again</source>
        <translation>回复已标记为已中断；可以再次发送或重试</translation>
    </message>
    <message>
        <source>Message edited — the topic summary covered it and was cleared; the next compaction rebuilds it</source>
        <translation>消息已编辑——话题摘要涵盖了它，已清除；下次压缩会重建它</translation>
    </message>
    <message>
        <source>Message deleted — the topic summary covered it and was cleared; the next compaction rebuilds it</source>
        <translation>消息已删除——话题摘要涵盖了它，已清除；下次压缩会重建它</translation>
    </message>
    <message>
        <source>Message edited</source>
        <translation>消息已编辑</translation>
    </message>
    <message>
        <source>Message deleted</source>
        <translation>消息已删除</translation>
    </message>
</context>
<context>
    <name>MessageList</name>
    <message>
        <source>Messages above are sent as the topic summary · View summary</source>
        <translation>以上消息以话题摘要的形式发送 · 查看摘要</translation>
    </message>
    <message>
        <source>[pinned]</source>
        <translation>[已置顶]</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <source>writing…</source>
        <translation>正在写…</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>cut</source>
        <translation>已截断</translation>
    </message>
    <message>
        <source>The model gets the topic summary instead of the messages above this line. Click to read the summary (Ctrl+Shift+S).</source>
        <translation>模型收到的是话题摘要，而不是这条线以上的消息。点击可阅读摘要（Ctrl+Shift+S）。</translation>
    </message>
    <message>
        <source>Retry: ask for this reply again</source>
        <translation>重试：重新请求这条回复</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Continue: the model writes on where this reply stopped, into the same reply</source>
        <translation>继续：模型从这条回复停止的地方接着写，写入同一条回复</translation>
    </message>
    <message>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>click to collapse</source>
        <translation>点击折叠</translation>
    </message>
    <message>
        <source>click to expand</source>
        <translation>点击展开</translation>
    </message>
    <message>
        <source>%1 (%2 server)</source>
        <translation>%1（%2 服务器）</translation>
    </message>
    <message>
        <source>%1 result%2 — %3</source>
        <translation>%1 的结果%2 — %3</translation>
    </message>
    <message>
        <source>Thought process — %1</source>
        <translation>思考过程 — %1</translation>
    </message>
    <message>
        <source>Version %1 of %2; Previous version and Next version in its menu</source>
        <translation>第 %1 个版本，共 %2 个；“上一个版本”和“下一个版本”在其菜单中</translation>
    </message>
    <message>
        <source>Tokens the provider counted for this reply: sent in (of them, read from its cache), and written out. The ⓘ receipt has the breakdown.</source>
        <translation>服务商为这条回复统计的 token：输入（其中从缓存读取的部分）和输出。ⓘ 回执里有明细。</translation>
    </message>
    <message>
        <source>Stopped at the length limit</source>
        <translation>已在长度上限处停止</translation>
    </message>
    <message numerus="yes">
        <source>%Ln token(s) in</source>
        <translation><numerusform>输入 %Ln 个 token</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln out</source>
        <translation><numerusform>输出 %Ln</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln token(s) out</source>
        <translation><numerusform>输出 %Ln 个 token</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln cached</source>
        <translation><numerusform>缓存 %Ln</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln written to cache</source>
        <translation><numerusform>写入缓存 %Ln</numerusform></translation>
    </message>
    <message>
        <source>cut off at max tokens</source>
        <translation>已达最大令牌数而截断</translation>
    </message>
    <message>
        <source>Shown: the first %1 of %2 characters. Copy message (Ctrl+C) copies all of it.</source>
        <translation>仅显示 %2 个字符中的前 %1 个。复制消息（Ctrl+C）会复制全部内容。</translation>
    </message>
    <message numerus="yes">
        <source>Shown without %Ln invisible character(s) (stacked marks, bidi controls, zero-width). Copy message (Ctrl+C) copies them.</source>
        <translation><numerusform>显示时省略了 %Ln 个不可见字符（叠加符号、双向控制符、零宽字符）。复制消息（Ctrl+C）会一并复制。</numerusform></translation>
    </message>
    <message>
        <source>calls &lt;b&gt;%1&lt;/b&gt;(%2) on the %3 server</source>
        <translation>调用 %3 服务器上的 &lt;b&gt;%1&lt;/b&gt;(%2)</translation>
    </message>
    <message>
        <source>calls &lt;b&gt;%1&lt;/b&gt;(%2)</source>
        <translation>调用 &lt;b&gt;%1&lt;/b&gt;(%2)</translation>
    </message>
    <message>
        <source>&lt;b&gt;⚠ Warning:&lt;/b&gt; %1. Set the model card&apos;s window from the token badge.</source>
        <translation>&lt;b&gt;⚠ 警告：&lt;/b&gt;%1。请从令牌徽章设置模型卡片的窗口。</translation>
    </message>
    <message>
        <source>&lt;b&gt;✂ Cut:&lt;/b&gt; %1. The text up to the limit is kept.</source>
        <translation>&lt;b&gt;✂ 已截断：&lt;/b&gt;%1。上限以内的文本已保留。</translation>
    </message>
    <message>
        <source>Details…</source>
        <translation>详情…</translation>
    </message>
    <message>
        <source>&lt;b&gt;⚠ Error:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;⚠ 错误：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>Settings → Providers</source>
        <translation>设置 → 服务商</translation>
    </message>
    <message>
        <source>the provider failed</source>
        <translation>服务商出错</translation>
    </message>
    <message>
        <source>No messages yet.
Type below and press %1 to start.</source>
        <translation>还没有消息。
在下方输入并按 %1 开始。</translation>
    </message>
    <message>
        <source>Copy message</source>
        <translation>复制消息</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>The open topic&apos;s messages; Up and Down move between them, Ctrl+Home and Ctrl+End jump to the first and the newest.</source>
        <translation>当前话题的消息；上下方向键在消息间移动，Ctrl+Home 和 Ctrl+End 跳到第一条和最新一条。</translation>
    </message>
    <message>
        <source>Reply failed</source>
        <translation>回复失败</translation>
    </message>
    <message>
        <source>Jump to the first message</source>
        <translation>跳到第一条消息</translation>
    </message>
    <message>
        <source>Show the topic&apos;s first message (Ctrl+Home)</source>
        <translation>显示话题的第一条消息（Ctrl+Home）</translation>
    </message>
    <message>
        <source>Scroll to the newest message</source>
        <translation>滚动到最新消息</translation>
    </message>
    <message>
        <source>Show the topic&apos;s newest message (Ctrl+End)</source>
        <translation>显示话题的最新消息（Ctrl+End）</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
    <message>
        <source>Copy this message&apos;s text (Markdown) to the clipboard</source>
        <translation>将这条消息的文字（Markdown）复制到剪贴板</translation>
    </message>
    <message>
        <source>Collapse</source>
        <translation>折叠</translation>
    </message>
    <message>
        <source>Expand</source>
        <translation>展开</translation>
    </message>
    <message>
        <source>Mark as interrupted</source>
        <translation>标记为已中断</translation>
    </message>
    <message>
        <source>When the window or command writing this reply no longer answers: keep what arrived, mark it interrupted, and let this topic take new messages again</source>
        <translation>当正在写这条回复的窗口或命令不再响应时：保留已收到的内容，标记为已中断，并让这个话题重新接收新消息</translation>
    </message>
    <message>
        <source> The topic summary covers it, so the summary is cleared and rebuilt on the next compaction.</source>
        <translation> 话题摘要涵盖了它，因此摘要会被清除，并在下次压缩时重建。</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>编辑消息</translation>
    </message>
    <message>
        <source>Change this message&apos;s text.</source>
        <translation>修改这条消息的文字。</translation>
    </message>
    <message>
        <source>Unpin message</source>
        <translation>取消置顶</translation>
    </message>
    <message>
        <source>Pin message</source>
        <translation>置顶消息</translation>
    </message>
    <message>
        <source>Keep this message word for word when the topic is compacted; it counts against the input budget</source>
        <translation>压缩话题时逐字保留这条消息；它计入输入预算</translation>
    </message>
    <message>
        <source>Delete message</source>
        <translation>删除消息</translation>
    </message>
    <message>
        <source>Remove this message from the topic.</source>
        <translation>从话题中删除这条消息。</translation>
    </message>
    <message>
        <source>Continue reply</source>
        <translation>继续生成回复</translation>
    </message>
    <message>
        <source>The model writes on where this reply stopped at the length limit, into the same reply</source>
        <translation>模型从这条回复因长度上限而停止的地方接着写，写入同一条回复</translation>
    </message>
    <message>
        <source>Regenerate reply</source>
        <translation>重新生成回复</translation>
    </message>
    <message>
        <source>Ask again with the same context; this reply stays a version (Ctrl+R)</source>
        <translation>用相同的上下文再问一次；这条回复保留为一个版本（Ctrl+R）</translation>
    </message>
    <message>
        <source>Previous version</source>
        <translation>上一个版本</translation>
    </message>
    <message>
        <source>Next version</source>
        <translation>下一个版本</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Show what the provider&apos;s connection reported</source>
        <translation>显示服务商连接报告的原始信息</translation>
    </message>
    <message>
        <source>Open Settings → Providers</source>
        <translation>打开“设置 → 服务商”</translation>
    </message>
    <message>
        <source>↻ Retry</source>
        <translation>↻ 重试</translation>
    </message>
</context>
<context>
    <name>ModelCardDialog</name>
    <message>
        <source>Chosen by model id</source>
        <translation>按模型 ID 选择</translation>
    </message>
    <message>
        <source>o200k_base (GPT-4o and later, most models)</source>
        <translation>o200k_base（GPT-4o 及以后，大多数模型）</translation>
    </message>
    <message>
        <source>cl100k_base (GPT-4, GPT-3.5)</source>
        <translation>cl100k_base（GPT-4、GPT-3.5）</translation>
    </message>
    <message>
        <source>Model card</source>
        <translation>模型卡片</translation>
    </message>
    <message>
        <source>Your card beats the bundled catalog: the badge, compaction and the history window use its context window.</source>
        <translation>你的卡片优先于内置目录：令牌徽章、压缩和历史窗口都使用它的上下文窗口。</translation>
    </message>
    <message>
        <source>model id, e.g. smollm2-135m</source>
        <translation>模型 ID，例如 smollm2-135m</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>Every provider</source>
        <translation>所有服务商</translation>
    </message>
    <message>
        <source>&amp;Provider:</source>
        <translation>服务商：</translation>
    </message>
    <message>
        <source>Context &amp;window:</source>
        <translation>上下文窗口：</translation>
    </message>
    <message>
        <source>Max &amp;output:</source>
        <translation>最大输出：</translation>
    </message>
    <message>
        <source>The model&apos;s largest reply; reserved from the window when lower than it and the assistant&apos;s max tokens is off</source>
        <translation>模型最长的回复；当它小于窗口且助手的最大令牌数未开启时，从窗口中预留</translation>
    </message>
    <message>
        <source>&amp;Tokenizer:</source>
        <translation>分词器：</translation>
    </message>
    <message>
        <source>The model &amp;reasons before answering</source>
        <translation>模型会先推理再回答</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> 个令牌</translation>
    </message>
    <message>
        <source>Save the model card</source>
        <translation>保存模型卡片</translation>
    </message>
</context>
<context>
    <name>ModelChoices</name>
    <message>
        <source>%1-token context window (reported by the provider)</source>
        <translation>%1 令牌上下文窗口（由服务商报告）</translation>
    </message>
    <message>
        <source>Refresh the provider&apos;s models</source>
        <translation>刷新服务商的模型</translation>
    </message>
    <message>
        <source>Ask the provider for the models it serves now</source>
        <translation>向服务商查询其当前提供的模型</translation>
    </message>
    <message>
        <source> (last try: %1)</source>
        <translation>（上次尝试：%1）</translation>
    </message>
    <message>
        <source>offered by this provider</source>
        <translation>由此服务商提供</translation>
    </message>
    <message>
        <source>not in this provider&apos;s list</source>
        <translation>不在此服务商的列表中</translation>
    </message>
    <message>
        <source>%1-token context window (reported by the provider) · %2</source>
        <translation>%1 令牌上下文窗口（由服务商报告）· %2</translation>
    </message>
    <message>
        <source>%1-token context window · %2</source>
        <translation>%1 令牌上下文窗口 · %2</translation>
    </message>
    <message>
        <source>No model card: its %1-token window is the provider&apos;s fallback · %2</source>
        <translation>没有模型卡：%1 令牌的窗口是服务商的后备值 · %2</translation>
    </message>
    <message>
        <source>Add its model card…</source>
        <translation>添加它的模型卡…</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>The configured provider the model runs on</source>
        <translation>运行该模型的已配置服务商</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>model id, e.g. gpt-5-mini</source>
        <translation>模型 ID，例如 gpt-5-mini</translation>
    </message>
    <message>
        <source>%1 (not configured)</source>
        <translation>%1（未配置）</translation>
    </message>
</context>
<context>
    <name>ModelsPage</name>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Context window</source>
        <translation>上下文窗口</translation>
    </message>
    <message>
        <source>Max output</source>
        <translation>最大输出</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>How much one request and its reply can hold, in tokens: the token badge, compaction and the history sent fit it. Hover a figure for the exact count.</source>
        <translation>一次请求及其回复能容纳的量（以 token 计）：token 标记、压缩和发送的历史都以此为准。将指针停在数字上可看到精确值。</translation>
    </message>
    <message>
        <source>Where the context window comes from: your model card, the provider, the bundled catalog, or a safe default.</source>
        <translation>上下文窗口的来源：你的模型卡片、服务商、内置目录，或安全的默认值。</translation>
    </message>
    <message>
        <source>The longest reply the model may write, in tokens.</source>
        <translation>模型可写的最长回复（以 token 计）。</translation>
    </message>
    <message>
        <source>How ChatHub counts this model&apos;s tokens.</source>
        <translation>ChatHub 如何计算此模型的 token。</translation>
    </message>
    <message>
        <source>from the card</source>
        <translation>来自卡片</translation>
    </message>
    <message>
        <source>from the provider</source>
        <translation>来自服务商</translation>
    </message>
    <message>
        <source>from the catalog</source>
        <translation>来自目录</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认值</translation>
    </message>
    <message>
        <source>card</source>
        <translation>卡片</translation>
    </message>
    <message>
        <source>provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>catalog</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Your model card sets this window; Edit card… changes it.</source>
        <translation>此窗口由你的模型卡片设定；用“编辑卡片…”修改。</translation>
    </message>
    <message>
        <source>The provider reported this window when its connection was tested.</source>
        <translation>服务商在测试连接时报告了此窗口。</translation>
    </message>
    <message>
        <source>ChatHub&apos;s bundled model catalog gives this window.</source>
        <translation>此窗口来自 ChatHub 内置的模型目录。</translation>
    </message>
    <message>
        <source>Nothing reports this model&apos;s window, so a safe default is assumed; Edit card… sets the real one.</source>
        <translation>没有来源报告此模型的窗口，因此采用安全的默认值；用“编辑卡片…”设定实际值。</translation>
    </message>
    <message>
        <source>No card sets the longest reply, so the provider&apos;s own limit applies to chat replies; a dream card asks for at most %1 tokens. Edit card… sets one.</source>
        <translation>没有卡片设定最长回复，因此对话回复采用服务商自己的上限；梦境卡片最多请求 %1 个 token。用“编辑卡片…”设定。</translation>
    </message>
    <message>
        <source>Each model&apos;s context window and longest reply. A model card you add wins over what the provider reports and the bundled catalog; hover a column&apos;s title for what it means.</source>
        <translation>每个模型的上下文窗口和最长回复。你添加的模型卡片优先于服务商的报告和内置目录；将指针停在列标题上可查看其含义。</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>One row a model: its context window and longest reply; a double click or Edit card… edits its card.</source>
        <translation>每行一个模型：它的上下文窗口和最长回复；双击或“编辑卡片…”可编辑其卡片。</translation>
    </message>
    <message>
        <source>A model card tells ChatHub a model&apos;s context window, longest reply and tokenizer. Add one when a model is missing from the catalog or its provider reports the wrong window.</source>
        <translation>模型卡片告诉 ChatHub 一个模型的上下文窗口、最长回复和分词器。当目录里缺少某个模型，或服务商报告的窗口不对时，请添加一张。</translation>
    </message>
    <message>
        <source>Add a model card…</source>
        <translation>添加模型卡片…</translation>
    </message>
    <message>
        <source>No model cards yet</source>
        <translation>还没有模型卡片</translation>
    </message>
    <message>
        <source>Without a card, ChatHub uses the bundled catalog, then the window the provider reports, then a safe fallback. A card wins over all of them, so the token badge, compaction and the history sent all fit the model you really run — for example a local model served with an 8k window.</source>
        <translation>没有卡片时，ChatHub 依次使用内置目录、服务商报告的窗口，最后是安全的后备值。卡片优先于以上所有来源，因此令牌徽章、压缩和发送的历史都会符合你实际运行的模型——例如以 8k 窗口提供服务的本地模型。</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>添加…</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>List model cards: %1</source>
        <translation>列出模型卡片：%1</translation>
    </message>
    <message>
        <source>Every provider</source>
        <translation>所有服务商</translation>
    </message>
    <message>
        <source>No card names a tokenizer, so ChatHub picks one from the model&apos;s name.</source>
        <translation>没有卡片指定分词器，因此 ChatHub 按模型名称选择。</translation>
    </message>
    <message>
        <source>Read the providers</source>
        <translation>读取服务商</translation>
    </message>
    <message>
        <source>Delete the card of %1</source>
        <translation>删除 %1 的模型卡片</translation>
    </message>
    <message>
        <source>&amp;Edit card…</source>
        <translation>编辑卡片…</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>every provider</source>
        <translation>所有服务商</translation>
    </message>
    <message>
        <source>Delete model card</source>
        <translation>删除模型卡片</translation>
    </message>
    <message>
        <source>Delete your card of “%1” (%2)? Its %3-token window is then taken from the provider or the bundled catalog again.</source>
        <translation>删除你为“%1”（%2）创建的卡片？之后它的 %3 令牌窗口将重新取自服务商或内置目录。</translation>
    </message>
</context>
<context>
    <name>NavRail</name>
    <message>
        <source>New assistant…</source>
        <translation>新建助手…</translation>
    </message>
    <message>
        <source>Edit assistant…</source>
        <translation>编辑助手…</translation>
    </message>
    <message>
        <source>Chats</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>The assistant&apos;s topics and the open chat; click again to show or hide the topics (Ctrl+B)</source>
        <translation>助手的话题和当前对话；再次点击可显示或隐藏话题列表（Ctrl+B）</translation>
    </message>
    <message>
        <source>The assistant&apos;s memory: fixed memory and the memory dream (Ctrl+M)</source>
        <translation>助手的记忆：固定记忆和做梦（Ctrl+M）</translation>
    </message>
    <message>
        <source>Search every topic&apos;s messages (Ctrl+K)</source>
        <translation>搜索所有话题中的消息（Ctrl+K）</translation>
    </message>
    <message>
        <source>Providers, models and the System Agent (Ctrl+,)</source>
        <translation>服务商、模型和系统代理（Ctrl+,）</translation>
    </message>
    <message>
        <source>Navigation</source>
        <translation>导航</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>菜单</translation>
    </message>
    <message>
        <source>Import, topic, assistant, view and help; About and Quit</source>
        <translation>导入、话题、助手、视图和帮助；关于和退出</translation>
    </message>
    <message>
        <source>Menu: %1 (%2)</source>
        <translation>菜单：%1（%2）</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>Show %1&apos;s topics</source>
        <translation>显示 %1 的话题</translation>
    </message>
    <message>
        <source>Assistant: %1</source>
        <translation>助手：%1</translation>
    </message>
    <message>
        <source>Assistant: none yet</source>
        <translation>助手：还没有</translation>
    </message>
    <message>
        <source>%1. Switch assistant, or create or edit one</source>
        <translation>%1。切换助手，或新建、编辑助手</translation>
    </message>
</context>
<context>
    <name>Notifications</name>
    <message>
        <source>The reply is ready.</source>
        <translation>回复已完成。</translation>
    </message>
    <message>
        <source>The reply failed: %1</source>
        <translation>回复失败：%1</translation>
    </message>
    <message>
        <source>The reply failed.</source>
        <translation>回复失败。</translation>
    </message>
    <message>
        <source>The reply ended early; what arrived is kept.</source>
        <translation>回复提前结束；已收到的内容会保留。</translation>
    </message>
    <message>
        <source>Memory dream · %1</source>
        <translation>做梦 · %1</translation>
    </message>
    <message>
        <source>Memory dream</source>
        <translation>做梦</translation>
    </message>
    <message>
        <source>yyyy-MM-dd</source>
        <translation>yyyy年M月d日</translation>
    </message>
    <message>
        <source>It added card%1 for %2.</source>
        <translation>为 %2添加了卡片%1。</translation>
    </message>
    <message>
        <source>It rewrote card%1 for %2.</source>
        <translation>为 %2重写了卡片%1。</translation>
    </message>
    <message>
        <source>Nothing new to remember from %1.</source>
        <translation>%1没有需要记住的新内容。</translation>
    </message>
    <message>
        <source>The dream for %1 failed: %2</source>
        <translation>为 %1做梦失败：%2</translation>
    </message>
</context>
<context>
    <name>PageHeader</name>
    <message>
        <source>Back to chats</source>
        <translation>返回对话</translation>
    </message>
    <message>
        <source>Back to chats (Esc)</source>
        <translation>返回对话（Esc）</translation>
    </message>
</context>
<context>
    <name>ProbePanel</name>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>In the turns</source>
        <translation>轮次中的答案</translation>
    </message>
    <message>
        <source>Answer from the turns</source>
        <translation>依据轮次的回答</translation>
    </message>
    <message>
        <source>Answer from the summary</source>
        <translation>依据摘要的回答</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Probe questions whose answers are in the covered turns (files and paths, decisions, open tasks, numbers) are asked of the History Compress model twice: with those turns, then with only the summary. A probe answered from the turns but not from the summary is one the summary lost.</source>
        <translation>答案在被涵盖轮次中的探测问题（文件和路径、决定、未完成的任务、数字）会向 History Compress 模型提问两次：一次附带这些轮次，一次只附带摘要。能依据轮次回答、却不能依据摘要回答的探测问题，就是摘要丢失的内容。</translation>
    </message>
    <message>
        <source>Lost</source>
        <translation>丢失</translation>
    </message>
    <message>
        <source>Kept</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>Not in the turns&apos; answer</source>
        <translation>不在轮次的回答中</translation>
    </message>
    <message>
        <source>Check &amp;summary…</source>
        <translation>检查摘要…</translation>
    </message>
    <message>
        <source>Work out the probe questions and show what the check costs; nothing is sent yet</source>
        <translation>拟定探测问题并显示检查的开销；此时尚未发送任何内容</translation>
    </message>
    <message>
        <source>&amp;Run check</source>
        <translation>运行检查</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>This summary has not been checked yet.</source>
        <translation>此摘要尚未检查。</translation>
    </message>
    <message>
        <source>There is no summary to check.</source>
        <translation>没有可检查的摘要。</translation>
    </message>
    <message>
        <source>%1 Checked by %2.</source>
        <translation>%1 由 %2 检查。</translation>
    </message>
    <message>
        <source>A compaction&apos;s new summary was refused and the old one kept. %1</source>
        <translation>一次压缩的新摘要被拒绝，保留了旧摘要。%1</translation>
    </message>
    <message>
        <source>This check was of an earlier summary. %1</source>
        <translation>此检查针对的是较早的摘要。%1</translation>
    </message>
    <message>
        <source>Working out the probes…</source>
        <translation>正在拟定探测问题…</translation>
    </message>
    <message>
        <source>The summary cannot be checked: %1</source>
        <translation>无法检查摘要：%1</translation>
    </message>
    <message>
        <source>Checking: %1…</source>
        <translation>正在检查：%1…</translation>
    </message>
    <message>
        <source>The check failed; nothing was stored: %1</source>
        <translation>检查失败；未保存任何内容：%1</translation>
    </message>
    <message numerus="yes">
        <source>Sent %Ln request(s).</source>
        <translation><numerusform>已发送 %Ln 个请求。</numerusform></translation>
    </message>
    <message>
        <source>Stopped; nothing was stored.</source>
        <translation>已停止；未保存任何内容。</translation>
    </message>
</context>
<context>
    <name>ProviderForm</name>
    <message>
        <source>OpenAI</source>
        <translation>OpenAI</translation>
    </message>
    <message>
        <source>OpenAI-compatible (OpenRouter, DeepSeek, Z.AI, Inception, Ollama, LM Studio, vLLM)</source>
        <translation>OpenAI 兼容（OpenRouter、DeepSeek、Z.AI、Inception、Ollama、LM Studio、vLLM）</translation>
    </message>
    <message>
        <source>OpenAI Responses</source>
        <translation>OpenAI Responses</translation>
    </message>
    <message>
        <source>Anthropic</source>
        <translation>Anthropic</translation>
    </message>
    <message>
        <source>Anthropic-compatible</source>
        <translation>Anthropic 兼容</translation>
    </message>
    <message>
        <source>key in OS keyring</source>
        <translation>密钥在系统钥匙串中</translation>
    </message>
    <message>
        <source>key in a file only you can read</source>
        <translation>密钥在只有你能读取的文件中</translation>
    </message>
    <message>
        <source>key from $%1</source>
        <translation>密钥来自 $%1</translation>
    </message>
    <message>
        <source>no key</source>
        <translation>无密钥</translation>
    </message>
    <message>
        <source>The keyring option keeps it in %1.</source>
        <translation>钥匙串选项会把它保存在%1中。</translation>
    </message>
    <message>
        <source>⚠ %1. Keep the key in a file only you can read (not encrypted) or in an environment variable.</source>
        <translation>⚠ %1。请把密钥保存在只有你能读取的文件（未加密）或环境变量中。</translation>
    </message>
    <message>
        <source>⚠ %1. Keep the key in an environment variable.</source>
        <translation>⚠ %1。请把密钥保存在环境变量中。</translation>
    </message>
    <message>
        <source>Add provider</source>
        <translation>添加服务商</translation>
    </message>
    <message>
        <source>Edit provider %1</source>
        <translation>编辑服务商 %1</translation>
    </message>
    <message>
        <source>Stored in the keyring — leave empty to keep it</source>
        <translation>已保存在钥匙串中——留空则保留</translation>
    </message>
    <message>
        <source>Stored in the key file — leave empty to keep it</source>
        <translation>已保存在密钥文件中——留空则保留</translation>
    </message>
    <message>
        <source>Enter the name of the environment variable that holds the key.</source>
        <translation>请输入保存密钥的环境变量名。</translation>
    </message>
    <message>
        <source>Paste the API key, or choose another key source.</source>
        <translation>请粘贴 API 密钥，或选择其他密钥来源。</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>类型：</translation>
    </message>
    <message>
        <source>The wire protocol this provider speaks</source>
        <translation>该服务商使用的通信协议</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>e.g. OpenAI, OpenRouter, Local Ollama</source>
        <translation>例如 OpenAI、OpenRouter、本地 Ollama</translation>
    </message>
    <message>
        <source>Base &amp;URL:</source>
        <translation>基础 &amp;URL：</translation>
    </message>
    <message>
        <source>https://…/v1</source>
        <translation>https://…/v1</translation>
    </message>
    <message>
        <source>Which API the provider speaks; most services and local servers are OpenAI-compatible.</source>
        <translation>服务商使用哪种 API；大多数服务和本地服务器都兼容 OpenAI。</translation>
    </message>
    <message>
        <source>&lt;p&gt;Which API the provider speaks. &lt;b&gt;OpenAI-compatible&lt;/b&gt; covers OpenRouter, DeepSeek, Z.AI, Inception and local servers such as Ollama, LM Studio, vLLM and llama.cpp. &lt;b&gt;OpenAI Responses&lt;/b&gt; is OpenAI&apos;s newer API; &lt;b&gt;Anthropic&lt;/b&gt; speaks the Messages API.&lt;/p&gt;</source>
        <translation>&lt;p&gt;服务商使用哪种 API。&lt;b&gt;OpenAI 兼容&lt;/b&gt;涵盖 OpenRouter、DeepSeek、Z.AI、Inception 以及 Ollama、LM Studio、vLLM、llama.cpp 等本地服务器。&lt;b&gt;OpenAI Responses&lt;/b&gt; 是 OpenAI 较新的 API；&lt;b&gt;Anthropic&lt;/b&gt; 使用 Messages API。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Your name for it: assistants refer to the provider by this name.</source>
        <translation>你给它起的名字：助手通过这个名字引用该服务商。</translation>
    </message>
    <message>
        <source>A unique name you choose. Assistants refer to the provider by it, and its API key is stored in the keyring under it.</source>
        <translation>你选择的唯一名称。助手通过它引用该服务商，它的 API 密钥也以此名称保存在钥匙串中。</translation>
    </message>
    <message>
        <source>The API&apos;s address, usually ending in /v1; filled in for the chosen kind.</source>
        <translation>API 的地址，通常以 /v1 结尾；会按所选类型自动填写。</translation>
    </message>
    <message>
        <source>&lt;p&gt;The API&apos;s base address, usually ending in &lt;code&gt;/v1&lt;/code&gt;. It is filled in for the chosen kind; change it for OpenRouter (&lt;code&gt;https://openrouter.ai/api/v1&lt;/code&gt;), a proxy or a local server.&lt;/p&gt;</source>
        <translation>&lt;p&gt;API 的基础地址，通常以 &lt;code&gt;/v1&lt;/code&gt; 结尾。它会按所选类型自动填写；使用 OpenRouter（&lt;code&gt;https://openrouter.ai/api/v1&lt;/code&gt;）、代理或本地服务器时请修改。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <source>Store in OS &amp;keyring</source>
        <translation>保存在系统钥匙串中</translation>
    </message>
    <message>
        <source>The key is saved in your system&apos;s keyring (Secret Service, macOS Keychain, Windows Credential Manager), never in ChatHub&apos;s database or exports.</source>
        <translation>密钥保存在系统钥匙串中（Secret Service、macOS 钥匙串、Windows 凭据管理器），从不存入 ChatHub 的数据库或导出文件。</translation>
    </message>
    <message>
        <source>Paste the API key</source>
        <translation>粘贴 API 密钥</translation>
    </message>
    <message>
        <source>Store in a &amp;file only you can read (not encrypted)</source>
        <translation>保存在只有你能读取的文件中（未加密）</translation>
    </message>
    <message>
        <source>&lt;p&gt;For computers without an OS keyring: the key pasted beside it is saved in &lt;code&gt;provider-keys.cfg&lt;/code&gt; in ChatHub&apos;s data folder, a file only your user account can read (mode 0600). It is not encrypted: anyone who can read your files can read it. Never in the database, an export or a log.&lt;/p&gt;</source>
        <translation>&lt;p&gt;适用于没有系统钥匙串的电脑：旁边粘贴的密钥会保存在 ChatHub 数据文件夹的 &lt;code&gt;provider-keys.cfg&lt;/code&gt; 中，只有你的用户账户能读取（权限 0600）。它未加密：能读取你文件的人都能读到它。从不写入数据库、导出文件或日志。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Read from &amp;environment variable</source>
        <translation>从环境变量读取</translation>
    </message>
    <message>
        <source>ChatHub reads the key from this environment variable each time it sends.</source>
        <translation>ChatHub 每次发送时都会从这个环境变量读取密钥。</translation>
    </message>
    <message>
        <source>e.g. OPENAI_API_KEY</source>
        <translation>例如 OPENAI_API_KEY</translation>
    </message>
    <message>
        <source>No key (&amp;local server)</source>
        <translation>无密钥（本地服务器）</translation>
    </message>
    <message>
        <source>For local servers (Ollama, LM Studio, llama.cpp) that accept requests without a key.</source>
        <translation>适用于无需密钥即可接受请求的本地服务器（Ollama、LM Studio、llama.cpp）。</translation>
    </message>
    <message>
        <source>Keys never go into the database, an export or a log. When editing, leave the key empty to keep the stored one.</source>
        <translation>密钥从不写入数据库、导出文件或日志。编辑时将密钥留空即可保留已保存的密钥。</translation>
    </message>
    <message>
        <source>&lt;p&gt;Where ChatHub finds the API key. Keys are never written to the database, an export or a log. When editing, leave the key empty to keep the stored one.&lt;/p&gt;</source>
        <translation>&lt;p&gt;ChatHub 从哪里获取 API 密钥。密钥从不写入数据库、导出文件或日志。编辑时将密钥留空即可保留已保存的密钥。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>the server answered with an empty model list</source>
        <translation>服务器返回了空的模型列表</translation>
    </message>
    <message>
        <source>No model list from this URL: %1. Check the URL, or type the model id the server runs and Save anyway.</source>
        <translation>此 URL 没有返回模型列表：%1。请检查 URL，或输入服务器运行的模型 ID 后选择“仍然保存”。</translation>
    </message>
    <message>
        <source>Model id, e.g. smollm2-135m</source>
        <translation>模型 ID，例如 smollm2-135m</translation>
    </message>
    <message>
        <source>Model id the server runs</source>
        <translation>服务器运行的模型 ID</translation>
    </message>
    <message>
        <source>Save &amp;anyway</source>
        <translation>仍然保存</translation>
    </message>
    <message>
        <source>Save this provider with the model id typed as its model list</source>
        <translation>保存此提供方，并以输入的模型 ID 作为它的模型列表</translation>
    </message>
</context>
<context>
    <name>ProvidersPage</name>
    <message>
        <source>Not listed yet. Test connection asks the provider for its models.</source>
        <translation>尚未列出。测试连接会向服务商查询其模型。</translation>
    </message>
    <message>
        <source>&amp;Use this provider</source>
        <translation>使用此服务商</translation>
    </message>
    <message>
        <source>Off: its models leave every model list and a chat that needs it says so; its key and settings are kept</source>
        <translation>关闭：它的模型会从所有模型列表中移除，需要它的对话会提示；密钥和设置会保留</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>基础 URL</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>Ask the provider for its model list with the stored settings</source>
        <translation>用已保存的设置向服务商查询模型列表</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>编辑…</translation>
    </message>
    <message>
        <source>Change the provider&apos;s URL or key source</source>
        <translation>更改服务商的 URL 或密钥来源</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Delete the provider and its stored key</source>
        <translation>删除服务商及其保存的密钥</translation>
    </message>
    <message>
        <source>%1 (off)</source>
        <translation>%1（已关闭）</translation>
    </message>
    <message>
        <source>The key is kept in your system&apos;s keyring, not in ChatHub&apos;s files. Edit… replaces it.</source>
        <translation>密钥保存在系统钥匙串中，不在 ChatHub 的文件里。用“编辑…”可以替换它。</translation>
    </message>
    <message>
        <source>The key is kept in a file only your account can read. Edit… replaces it.</source>
        <translation>密钥保存在只有你的账户能读取的文件中。用“编辑…”可以替换它。</translation>
    </message>
    <message>
        <source>The key is read from the environment variable %1 each time a request is sent.</source>
        <translation>每次发送请求时从环境变量 %1 读取密钥。</translation>
    </message>
    <message>
        <source>A server on your own computer or network needs no key.</source>
        <translation>你自己电脑或网络上的服务器不需要密钥。</translation>
    </message>
    <message>
        <source>No key is stored. If the provider asks for one, add it with Edit….</source>
        <translation>未保存密钥。如果服务商需要，请用“编辑…”添加。</translation>
    </message>
    <message>
        <source>%1 · %2-token window</source>
        <translation>%1 · %2 token 窗口</translation>
    </message>
    <message>
        <source>and %1 more</source>
        <translation>另有 %1 个</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>正在读取…</translation>
    </message>
    <message>
        <source>Not tested yet in this session. Test connection checks the address, the key and the model list, and times the answer.</source>
        <translation>本次会话中尚未测试。“测试连接”会检查地址、密钥和模型列表，并计时响应。</translation>
    </message>
    <message>
        <source>Providers are the APIs your assistants chat through. API keys live in the OS keyring, in a file only you can read, or in an environment variable; never in the database.</source>
        <translation>服务商是你的助手进行对话所用的 API。API 密钥保存在系统钥匙串、只有你能读取的文件或环境变量中，从不存入数据库。</translation>
    </message>
    <message>
        <source>No providers yet. Add OpenAI, Anthropic, OpenRouter or a local server such as Ollama to start chatting.</source>
        <translation>还没有服务商。添加 OpenAI、Anthropic、OpenRouter 或 Ollama 等本地服务器即可开始对话。</translation>
    </message>
    <message>
        <source>Add a provider…</source>
        <translation>添加服务商…</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Add provider…</source>
        <translation>添加服务商…</translation>
    </message>
    <message>
        <source>Add a provider (OpenAI, Anthropic, OpenRouter, a local server, …)</source>
        <translation>添加服务商（OpenAI、Anthropic、OpenRouter、本地服务器…）</translation>
    </message>
    <message>
        <source>Replies</source>
        <translation>回复</translation>
    </message>
    <message>
        <source>Tell me when a provider sends nothing for</source>
        <translation>服务商多久没有发送内容时提醒我</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>A reply then shows “No data from &lt;host&gt; for N s” with Stop and Retry; it keeps waiting until you choose (or the 10-minute read timeout ends it). Default 60 s</source>
        <translation>之后回复会显示“N 秒内没有来自 &lt;host&gt; 的数据”，并提供停止和重试；在你选择之前会一直等待（或直到 10 分钟的读取超时结束）。默认 60 秒</translation>
    </message>
    <message>
        <source>%1
Kind: %2
URL: %3
%4</source>
        <translation>%1
类型：%2
URL：%3
%4</translation>
    </message>
    <message>
        <source>The reply then offers Stop and Retry; it keeps waiting until you choose.</source>
        <translation>回复随后显示“停止”和“重试”；在你选择之前会一直等待。</translation>
    </message>
    <message>
        <source> MB</source>
        <translation> MB</translation>
    </message>
    <message>
        <source>A reply longer than this stops and is kept cut at the limit, with a note. Default %1 MB; the environment variable %2 wins when set</source>
        <translation>超过此大小的回复会停止，并在上限处截断保存，附带说明。默认 %1 MB；若设置了环境变量 %2，则以它为准</translation>
    </message>
    <message>
        <source>A longer reply stops there and is kept, cut, with a note.</source>
        <translation>更长的回复会在此处停止，截断后保留并附上说明。</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>正在测试…</translation>
    </message>
    <message>
        <source>Delete provider</source>
        <translation>删除服务商</translation>
    </message>
    <message>
        <source>Delete provider “%1” and its stored API key? Assistants using it keep their settings but cannot send until you pick another.</source>
        <translation>删除服务商“%1”及其保存的 API 密钥？使用它的助手会保留设置，但在你选择其他服务商之前无法发送。</translation>
    </message>
</context>
<context>
    <name>RangeHint</name>
    <message>
        <source>Allowed: %1–%2%3</source>
        <translation>允许范围：%1–%2%3</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>空</translation>
    </message>
    <message>
        <source>“%1” was not kept. %2</source>
        <translation>“%1”未被保留。%2</translation>
    </message>
</context>
<context>
    <name>RecallVectors</name>
    <message>
        <source>Recall by meaning</source>
        <translation>按含义回想</translation>
    </message>
    <message>
        <source>Assistants can look back at earlier topics by what they meant, not only by their words. Each message is prepared once, on this computer, in the background.</source>
        <translation>助手不仅能按字词，还能按含义回顾以前的话题。每条消息只在这台电脑上后台处理一次。</translation>
    </message>
    <message>
        <source>Messages prepared for recall by meaning</source>
        <translation>已为按含义回想准备好的消息</translation>
    </message>
    <message>
        <source>Stop preparing messages for now; what is done is kept</source>
        <translation>暂停准备消息；已完成的部分会保留</translation>
    </message>
    <message>
        <source>Counting messages…</source>
        <translation>正在统计消息…</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>All %1 messages are ready.</source>
        <translation>全部 %1 条消息已准备好。</translation>
    </message>
    <message>
        <source>No messages yet.</source>
        <translation>还没有消息。</translation>
    </message>
    <message>
        <source>Paused: %1 of %2 messages ready; the rest are found by their words.</source>
        <translation>已暂停：%2 条消息中已准备好 %1 条；其余的按字词查找。</translation>
    </message>
    <message>
        <source>Preparing: %1 of %2 messages ready.</source>
        <translation>正在准备：%2 条消息中已准备好 %1 条。</translation>
    </message>
</context>
<context>
    <name>ReceiptDialog</name>
    <message>
        <source>Input tokens</source>
        <translation>输入 token</translation>
    </message>
    <message>
        <source>Parts</source>
        <translation>组成部分</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>置顶</translation>
    </message>
    <message>
        <source>Continued</source>
        <translation>续写</translation>
    </message>
    <message>
        <source>Recalled topics</source>
        <translation>回忆的话题</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>采样</translation>
    </message>
    <message>
        <source>What this reply&apos;s request carried</source>
        <translation>这条回复的请求携带了什么</translation>
    </message>
    <message>
        <source>Reply %1 — what the model was given to write it: which parts and messages, and how many tokens each took. The texts stay in the topic.</source>
        <translation>回复 %1 —— 模型写它时读到的内容：哪些部分和消息，以及各占多少令牌。文本本身仍留在话题中。</translation>
    </message>
    <message>
        <source>%1:</source>
        <translation>%1：</translation>
    </message>
    <message>
        <source>Copy as JSON</source>
        <translation>复制为 JSON</translation>
    </message>
    <message>
        <source>Copy this receipt as JSON (the same as topic show --receipts --json)</source>
        <translation>将此回执复制为 JSON（与 topic show --receipts --json 相同）</translation>
    </message>
    <message>
        <source>Open “%1”</source>
        <translation>打开“%1”</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>无标题</translation>
    </message>
    <message>
        <source>Open topic %1, which this reply recalled</source>
        <translation>打开这条回复回忆过的话题 %1</translation>
    </message>
    <message>
        <source>instructions</source>
        <translation>指令</translation>
    </message>
    <message>
        <source>tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>pinned</source>
        <translation>置顶</translation>
    </message>
    <message>
        <source>history</source>
        <translation>历史</translation>
    </message>
    <message>
        <source>draft</source>
        <translation>草稿</translation>
    </message>
    <message>
        <source>continue instruction</source>
        <translation>续写指令</translation>
    </message>
    <message>
        <source>images</source>
        <translation>图片</translation>
    </message>
    <message>
        <source>knowledge</source>
        <translation>知识</translation>
    </message>
    <message>
        <source>system</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>fixed</source>
        <translation>固定</translation>
    </message>
    <message>
        <source>dream</source>
        <translation>梦境卡片</translation>
    </message>
    <message>
        <source>untrusted</source>
        <translation>不可信</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>未报告</translation>
    </message>
    <message>
        <source>local estimate %1 · provider reported %2</source>
        <translation>本地估计 %1 · 提供商报告 %2</translation>
    </message>
    <message>
        <source>, cache hit %1 (%2%)</source>
        <translation>，缓存命中 %1（%2%）</translation>
    </message>
    <message>
        <source>none — this topic is private</source>
        <translation>无 — 此话题为私密</translation>
    </message>
    <message>
        <source> (truncated)</source>
        <translation>（已截断）</translation>
    </message>
    <message>
        <source>recap turns</source>
        <translation>回顾轮次</translation>
    </message>
    <message>
        <source>summary block</source>
        <translation>摘要块</translation>
    </message>
    <message>
        <source>%1, %2 tokens, covers up to message %3</source>
        <translation>%1，%2 个令牌，涵盖至消息 %3</translation>
    </message>
    <message>
        <source> (by %1)</source>
        <translation>（由 %1）</translation>
    </message>
    <message>
        <source> (its cursor was gone; rebuilt next time)</source>
        <translation>（其游标已不存在；下次重建）</translation>
    </message>
    <message>
        <source> (messages %1…%2)</source>
        <translation>（消息 %1…%2）</translation>
    </message>
    <message>
        <source>%1 sent%2; %3 left out by the history limit; %4 replaced by the summary</source>
        <translation>已发送 %1 条%2；%3 条因历史限制被省略；%4 条由摘要代替</translation>
    </message>
    <message>
        <source>, %1 left out by the tail cap</source>
        <translation>，%1 条因尾部上限被省略</translation>
    </message>
    <message>
        <source>%1 kept verbatim (messages %2), %3 tokens</source>
        <translation>%1 条原样保留（消息 %2），%3 个令牌</translation>
    </message>
    <message>
        <source>%1 (topic %2)</source>
        <translation>%1（话题 %2）</translation>
    </message>
    <message>
        <source> and %1 more (Copy as JSON lists them)</source>
        <translation> 等另外 %1 个（“复制为 JSON”会全部列出）</translation>
    </message>
    <message>
        <source>the reply so far was sent back with an instruction to go on (continuation %1)</source>
        <translation>已将目前的回复连同续写指令一并发回（第 %1 次续写）</translation>
    </message>
    <message>
        <source>none — this server&apos;s chat template doesn&apos;t accept tools</source>
        <translation>无——此服务器的对话模板不接受工具</translation>
    </message>
    <message>
        <source>temperature %1</source>
        <translation>温度 %1</translation>
    </message>
    <message>
        <source>top-p %1</source>
        <translation>top-p %1</translation>
    </message>
    <message>
        <source>reasoning effort %1</source>
        <translation>推理强度 %1</translation>
    </message>
    <message>
        <source>thinking budget %1 tokens</source>
        <translation>思考预算 %1 个令牌</translation>
    </message>
    <message>
        <source>provider defaults</source>
        <translation>服务商默认值</translation>
    </message>
</context>
<context>
    <name>ReplyNotice</name>
    <message>
        <source>No data from %1 for %2 s — still waiting.</source>
        <translation>%2 秒内没有收到 %1 的数据——仍在等待。</translation>
    </message>
    <message>
        <source>%1; trying again in %2 s…</source>
        <translation>%1；%2 秒后重试…</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop this reply (Esc); the text so far is kept</source>
        <translation>停止这条回复（Esc）；已有的文字会保留</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Stop waiting and ask the provider for this reply again</source>
        <translation>停止等待，并重新向服务商请求这条回复</translation>
    </message>
</context>
<context>
    <name>ReplyVersions</name>
    <message>
        <source> — the topic summary written for this branch is back</source>
        <translation>——为此分支写的话题摘要已恢复</translation>
    </message>
    <message>
        <source> — the topic summary covered the other branch and was cleared; the next compaction rebuilds it</source>
        <translation>——话题摘要涵盖的是另一个分支，已清除；下次压缩会重建它</translation>
    </message>
    <message>
        <source>&amp;Regenerate reply</source>
        <translation>重新生成回复</translation>
    </message>
    <message>
        <source>Ask again for the open topic&apos;s last reply with the same context; it stays a version (Ctrl+R)</source>
        <translation>用相同的上下文重新请求当前话题的最后一条回复；原回复作为一个版本保留（Ctrl+R）</translation>
    </message>
    <message>
        <source>Regenerate &amp;with</source>
        <translation>使用其他模型重新生成</translation>
    </message>
    <message>
        <source>Ask again for the last reply with another model, for this reply only; the topic keeps its model</source>
        <translation>用另一个模型重新请求最后一条回复，仅限这条回复；话题保留自己的模型</translation>
    </message>
    <message>
        <source>Regenerate the last reply with %1 (%2), this reply only</source>
        <translation>用 %1（%2）重新生成最后一条回复，仅此一次</translation>
    </message>
    <message>
        <source>No models to offer yet</source>
        <translation>还没有可提供的模型</translation>
    </message>
    <message>
        <source>Showing version %1 / %2</source>
        <translation>显示版本 %1 / %2</translation>
    </message>
</context>
<context>
    <name>SearchController</name>
    <message>
        <source>&amp;Search everything…</source>
        <translation>搜索全部…</translation>
    </message>
    <message>
        <source>Search every topic&apos;s messages, memory and dream cards (Ctrl+K or Ctrl+Shift+F)</source>
        <translation>搜索所有话题的消息、记忆和梦境卡片（Ctrl+K 或 Ctrl+Shift+F）</translation>
    </message>
    <message>
        <source>Showing version %1 / %2</source>
        <translation>显示版本 %1 / %2</translation>
    </message>
    <message>
        <source>Cannot show version %1 / %2 now: %3</source>
        <translation>现在无法显示版本 %1 / %2：%3</translation>
    </message>
    <message>
        <source>That message is on another version of an earlier turn: use ‹ › on the highlighted turn</source>
        <translation>该消息位于较早一轮的另一个版本中：请在高亮的那一轮上用 ‹ › 切换</translation>
    </message>
    <message>
        <source>That topic is not listed any more</source>
        <translation>该话题已不在列表中</translation>
    </message>
    <message>
        <source>That message is no longer in the topic</source>
        <translation>该消息已不在话题中</translation>
    </message>
</context>
<context>
    <name>SearchPage</name>
    <message>
        <source>Any time</source>
        <translation>任何时间</translation>
    </message>
    <message>
        <source>Past week</source>
        <translation>过去一周</translation>
    </message>
    <message>
        <source>Past month</source>
        <translation>过去一个月</translation>
    </message>
    <message>
        <source>Past year</source>
        <translation>过去一年</translation>
    </message>
    <message>
        <source>Anyone</source>
        <translation>任何人</translation>
    </message>
    <message>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>Memory #%1</source>
        <translation>记忆 #%1</translation>
    </message>
    <message>
        <source>Dream card #%1</source>
        <translation>梦境卡片 #%1</translation>
    </message>
    <message>
        <source>Search everything</source>
        <translation>全部搜索</translation>
    </message>
    <message>
        <source>Words from any topic&apos;s messages, memory entries and dream cards. Up and Down move between results; Enter opens one.</source>
        <translation>在所有话题的消息、记忆条目和梦境卡片中查找。上下键在结果间移动，回车打开。</translation>
    </message>
    <message>
        <source>Finds what holds every word. A word matches at the start of a word: “car” finds car, cars, car-sharing and carrying, not scar. Chinese and Japanese match anywhere. Put words in double quotes to find them together.</source>
        <translation>查找包含所有词的内容。词从单词开头匹配：“car”可找到 car、cars、car-sharing 和 carrying，但找不到 scar。中文和日文在任意位置匹配。用双引号括起多个词可按原样一起查找。</translation>
    </message>
    <message>
        <source>No results</source>
        <translation>没有结果</translation>
    </message>
    <message>
        <source>Nothing matches these words. Try other words, or fewer of them.</source>
        <translation>没有匹配的内容。请换个词，或减少几个词。</translation>
    </message>
    <message>
        <source>Nothing matches these words within the filters. Try other words, or clear the filters.</source>
        <translation>在筛选范围内没有匹配的内容。请换个词，或清除筛选。</translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation>清除筛选</translation>
    </message>
    <message>
        <source>similar</source>
        <translation>相近</translation>
    </message>
    <message>
        <source>Found by meaning: this message is close to what you typed but does not hold all of its words</source>
        <translation>按意思找到：这条消息与你输入的内容相近，但并不包含其中所有的词</translation>
    </message>
    <message>
        <source>Similar in meaning</source>
        <translation>意思相近</translation>
    </message>
    <message>
        <source>Found by meaning: this entry is close to what you typed but does not hold all of its words</source>
        <translation>按意思找到：这一条目与你输入的内容相近，但并不包含其中所有的词</translation>
    </message>
    <message>
        <source>on another version</source>
        <translation>在另一个版本中</translation>
    </message>
    <message>
        <source>on another version · %1 / %2</source>
        <translation>在另一个版本中 · %1 / %2</translation>
    </message>
    <message>
        <source>This message is on a version the topic does not show now: opening it switches that turn to this version</source>
        <translation>这条消息所在的版本当前未在话题中显示：打开它会把那一轮切换到这个版本</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>无匹配结果</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Search every topic&apos;s messages, memory and dream cards…</source>
        <translation>搜索所有话题的消息、记忆和梦境卡片…</translation>
    </message>
    <message>
        <source>All assistants</source>
        <translation>所有助手</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>Written by</source>
        <translation>作者</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Memory &amp;&amp; dream cards</source>
        <translation>记忆与梦境卡片</translation>
    </message>
    <message>
        <source>%1 (%2 + %3 similar)</source>
        <translation>%1（%2 + %3 条相近）</translation>
    </message>
    <message>
        <source>Type to search. Enter opens the selected result.</source>
        <translation>输入即可搜索。按 Enter 打开所选结果。</translation>
    </message>
    <message>
        <source>%1 in %2, %3</source>
        <translation>%2中的 %1，%3</translation>
    </message>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation><numerusform>%n 条消息</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n topic(s)</source>
        <translation><numerusform>%n 个话题</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n memory entries and cards</source>
        <translation><numerusform>%n 条记忆条目和卡片</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n more memory entries and cards similar in meaning</source>
        <translation><numerusform>另有 %n 条记忆条目和卡片意思相近</numerusform></translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message numerus="yes">
        <source>%n more message(s) similar in meaning</source>
        <translation><numerusform>另有 %n 条消息意思相近</numerusform></translation>
    </message>
</context>
<context>
    <name>SendController</name>
    <message>
        <source>Stopped — the text so far is kept</source>
        <translation>已停止——已保留目前的文本</translation>
    </message>
    <message>
        <source>Stopped before the reply began — nothing was kept</source>
        <translation>在回复开始前已停止——没有保留任何内容</translation>
    </message>
    <message>
        <source>This reply can no longer be continued: it has changed since</source>
        <translation>此回复已无法继续：它在此之后已有变化</translation>
    </message>
</context>
<context>
    <name>ServiceReasons</name>
    <message>
        <source>the memory changed in another window or command since it was opened; nothing was saved</source>
        <translation>打开后记忆已在另一个窗口或命令中被更改；未保存任何内容</translation>
    </message>
    <message>
        <source>the store is busy: another ChatHub process is writing; nothing was changed, try again when it is done</source>
        <translation>存储正忙：另一个 ChatHub 进程正在写入；未做任何更改，请在其完成后重试</translation>
    </message>
    <message>
        <source>a memory entry must not be empty</source>
        <translation>记忆条目不能为空</translation>
    </message>
    <message>
        <source>a memory entry must not be empty; delete it instead</source>
        <translation>记忆条目不能为空；请改为删除它</translation>
    </message>
    <message>
        <source>a card cannot be empty; delete it instead</source>
        <translation>卡片不能为空；请改为删除它</translation>
    </message>
    <message>
        <source>there is no previous version of dynamic memory to restore</source>
        <translation>没有可恢复的动态记忆上一版本</translation>
    </message>
    <message>
        <source>no message %1</source>
        <translation>没有消息 %1</translation>
    </message>
    <message>
        <source>no topic %1</source>
        <translation>没有话题 %1</translation>
    </message>
    <message>
        <source>no provider %1</source>
        <translation>没有服务商 %1</translation>
    </message>
    <message>
        <source>the edited message is empty</source>
        <translation>编辑后的消息为空</translation>
    </message>
    <message>
        <source>a reply is still being written in this topic; press Stop first</source>
        <translation>此话题中仍在写回复；请先按“停止”</translation>
    </message>
    <message>
        <source>nothing to gain: %1 %2 tokens of the next request and %3; nothing was summarized</source>
        <translation>没有收益：%1下一次请求中的 %2 个令牌，而%3；未做任何总结</translation>
    </message>
    <message>
        <source>these %1 messages take</source>
        <translation>这 %1 条消息占用</translation>
    </message>
    <message>
        <source>this message takes</source>
        <translation>这条消息占用</translation>
    </message>
    <message>
        <source>the summary would grow by about %1</source>
        <translation>摘要会增加约 %1 个令牌</translation>
    </message>
    <message>
        <source>a summary of them would take about %1</source>
        <translation>它们的摘要约需 %1 个令牌</translation>
    </message>
    <message>
        <source>a summary of it would take about %1</source>
        <translation>它的摘要约需 %1 个令牌</translation>
    </message>
    <message>
        <source>nothing to gain: a summary of these %1 messages would not make the next request smaller (%2 → %3 tokens); the old summary is kept</source>
        <translation>没有收益：这 %1 条消息的摘要不会让下一次请求变小（%2 → %3 个令牌）；保留旧摘要</translation>
    </message>
    <message>
        <source>nothing to gain: a summary of these %1 message would not make the next request smaller (%2 → %3 tokens); the old summary is kept</source>
        <translation>没有收益：这 %1 条消息的摘要不会让下一次请求变小（%2 → %3 个令牌）；保留旧摘要</translation>
    </message>
    <message>
        <source>this topic is short</source>
        <translation>这个话题很短</translation>
    </message>
    <message>
        <source>every earlier turn is in the summary already</source>
        <translation>之前的每一轮都已在摘要中</translation>
    </message>
    <message>
        <source>already below the low watermark</source>
        <translation>已低于低水位线</translation>
    </message>
    <message>
        <source>only regular topic chats use topic compaction</source>
        <translation>只有普通话题对话使用话题压缩</translation>
    </message>
    <message>
        <source>the latest turn plus instructions, tools and memory already exceed the low watermark (%1 tokens)</source>
        <translation>最新一轮加上指令、工具和记忆已超过低水位线（%1 个令牌）</translation>
    </message>
    <message>
        <source>the History Compress model&apos;s context window (%1 tokens) is too small to summarize this topic; choose a model with a larger window</source>
        <translation>History Compress 模型的上下文窗口（%1 个令牌）太小，无法总结这个话题；请选择窗口更大的模型</translation>
    </message>
    <message>
        <source>no batch was processed</source>
        <translation>没有处理任何批次</translation>
    </message>
    <message>
        <source>the topic was edited while it was being compacted; try again</source>
        <translation>压缩期间话题被编辑了；请重试</translation>
    </message>
    <message>
        <source>automatic compaction is paused after %1 failures until %2</source>
        <translation>自动压缩在 %1 次失败后暂停，直到 %2</translation>
    </message>
    <message>
        <source>the low watermark was already out of reach for this unchanged chat</source>
        <translation>对于这个未变化的对话，低水位线已经无法达到</translation>
    </message>
    <message>
        <source>the topic&apos;s summary changed while it was being compacted; try again</source>
        <translation>压缩期间话题摘要发生了变化；请重试</translation>
    </message>
    <message>
        <source>compacted %1 of %2 batches, then failed: %3</source>
        <translation>已压缩 %2 个批次中的 %1 个，随后失败：%3</translation>
    </message>
    <message>
        <source>compacted %1 messages; the next request is still above the low watermark (%2 tokens) because the latest turn and the fixed context alone are that large</source>
        <translation>已压缩 %1 条消息；下一次请求仍高于低水位线（%2 个令牌），因为仅最新一轮和固定上下文就有这么大</translation>
    </message>
    <message>
        <source>compacted %1 messages in %2 batches</source>
        <translation>已压缩 %1 条消息，共 %2 个批次</translation>
    </message>
    <message>
        <source>compacted %1 messages in %2 batch</source>
        <translation>已压缩 %1 条消息，共 %2 个批次</translation>
    </message>
    <message>
        <source>; more turns remain for the next run</source>
        <translation>；还有更多轮次留给下次运行</translation>
    </message>
    <message>
        <source>; the summary reached the History Compress model&apos;s length limit, so only its complete part was kept</source>
        <translation>；摘要达到了 History Compress 模型的长度上限，因此只保留了其完整的部分</translation>
    </message>
    <message>
        <source>choose one in Settings → System Agent (headless: settings set history-compress-model PROVIDER/MODEL)</source>
        <translation>请在 设置 → 系统代理 中选择一个（无界面时：settings set history-compress-model PROVIDER/MODEL）</translation>
    </message>
    <message>
        <source>the History Compress model cannot be used: %1</source>
        <translation>无法使用History Compress 模型：%1</translation>
    </message>
    <message>
        <source>the History Compress model&apos;s context window (%1 tokens) is too small for this batch: its prompt needs about %2 tokens and the summary %3 more; choose a History Compress model with a larger window</source>
        <translation>History Compress 模型的上下文窗口（%1 个令牌）对这一批次太小：其提示约需 %2 个令牌，摘要还需 %3 个；请选择窗口更大的History Compress 模型</translation>
    </message>
    <message>
        <source>the History Compress model stopped at its token limit before completing one sentence of the summary</source>
        <translation>History Compress 模型在写完摘要的一句话之前就达到了令牌上限</translation>
    </message>
    <message>
        <source>the History Compress model returned an empty summary</source>
        <translation>History Compress 模型返回了空摘要</translation>
    </message>
    <message>
        <source>the History Compress model did not answer within %1 s</source>
        <translation>History Compress 模型在 %1 秒内没有回答</translation>
    </message>
    <message>
        <source>the History Compress model rejected the batch as too long for its context window: %1</source>
        <translation>History Compress 模型认为该批次超出其上下文窗口而拒绝：%1</translation>
    </message>
    <message>
        <source>the History Compress model failed: %1</source>
        <translation>History Compress 模型出错：%1</translation>
    </message>
    <message>
        <source>the History Compress model request failed: %1</source>
        <translation>History Compress 模型请求失败：%1</translation>
    </message>
    <message>
        <source>the History Compress model answered with a tool call instead of text</source>
        <translation>History Compress 模型用工具调用而不是文字作答</translation>
    </message>
    <message>
        <source>the History Compress model answered with reasoning only, no text</source>
        <translation>History Compress 模型只给出推理，没有文字</translation>
    </message>
    <message>
        <source>no History Compress model is chosen</source>
        <translation>尚未选择 History Compress 模型</translation>
    </message>
    <message>
        <source>none of your providers serves the History Compress model %1 (the model that writes summaries)</source>
        <translation>你的服务商都不提供 History Compress 模型 %1（撰写摘要的模型）</translation>
    </message>
    <message>
        <source>add an OpenAI provider, or %1</source>
        <translation>请添加一个 OpenAI 服务商，或%1</translation>
    </message>
    <message>
        <source>%1 already has a dream card (#%2)</source>
        <translation>%1已有梦境卡片（#%2）</translation>
    </message>
    <message>
        <source>%1 is already folded into range card #%2 [%3]</source>
        <translation>%1已合并进范围卡片 #%2 [%3]</translation>
    </message>
    <message>
        <source>the card for %1 waits for review (proposal #%2)</source>
        <translation>%1的卡片正在等待审阅（提议 #%2）</translation>
    </message>
    <message>
        <source>no topic had messages on %1</source>
        <translation>%1没有任何话题有消息</translation>
    </message>
    <message>
        <source>no topic has messages on %1 any more</source>
        <translation>%1已没有任何话题有消息</translation>
    </message>
    <message>
        <source>%1 showed nothing new about how you work</source>
        <translation>%1没有显示出关于你工作方式的新内容</translation>
    </message>
    <message>
        <source>the card for %1 repeated %2</source>
        <translation>%1的卡片与 %2 重复</translation>
    </message>
    <message>
        <source>nothing was written for %1: %2</source>
        <translation>%1未写入任何内容：%2</translation>
    </message>
    <message>
        <source>%1 got a dream card meanwhile</source>
        <translation>%1在此期间已有了梦境卡片</translation>
    </message>
    <message>
        <source>%1 got a card or a proposal meanwhile</source>
        <translation>%1在此期间已有了卡片或提议</translation>
    </message>
    <message>
        <source>the card for %1 was not added (cancelled)</source>
        <translation>%1的卡片未添加（已取消）</translation>
    </message>
    <message>
        <source>proposed a card for %1 (proposal #%2%3); accept or discard it</source>
        <translation>已为 %1提议一张卡片（提议 #%2%3）；请接受或丢弃</translation>
    </message>
    <message>
        <source>stopped before it finished</source>
        <translation>在完成前已停止</translation>
    </message>
    <message>
        <source>the History Compress model&apos;s %1-token window left only %2 tokens for the answer beside the day&apos;s chats, and it stopped there before it completed one line of the card; choose a History Compress model with a larger window</source>
        <translation>历史压缩模型的 %1 token 窗口在容纳当天的聊天后只剩 %2 个 token 用于回答，它在写完卡片的第一行之前就停在了那里；请选择窗口更大的历史压缩模型</translation>
    </message>
    <message>
        <source>its model card&apos;s max output</source>
        <translation>其模型卡片的最大输出</translation>
    </message>
    <message>
        <source>the History Compress model stopped at its output cap (%1 tokens, %2) before one complete line of the card; raise Max output in its model card (Settings → Models) or choose another History Compress model</source>
        <translation>历史压缩模型在写完卡片的第一行之前就达到了输出上限（%1 个 token，%2）；请在其模型卡片中调高最大输出（设置 → 模型），或选择其他历史压缩模型</translation>
    </message>
    <message>
        <source>%1 comes before range card #%2 [%3], which keeps the oldest days</source>
        <translation>%1 早于保存最早日子的范围卡片 #%2 [%3]</translation>
    </message>
    <message>
        <source>%1; this proposal can&apos;t be added</source>
        <translation>%1；无法添加此提议</translation>
    </message>
    <message>
        <source>the discarded card for %1 cannot come back: another proposal for that day waits (#%2)</source>
        <translation>无法找回 %1 被丢弃的卡片：该日已有另一条提议等待审阅（#%2）</translation>
    </message>
    <message>
        <source>%1 showed nothing new; its card was kept</source>
        <translation>%1没有新内容；保留了它的卡片</translation>
    </message>
    <message>
        <source>added the card for %2</source>
        <translation>已添加 %2的卡片</translation>
    </message>
    <message>
        <source>the card for %2 was regenerated</source>
        <translation>已重新生成 %2的卡片</translation>
    </message>
    <message>
        <source>%1: the old card was kept</source>
        <translation>%1：保留了旧卡片</translation>
    </message>
    <message>
        <source>the dream&apos;s card size</source>
        <translation>梦境卡片的长度上限</translation>
    </message>
    <message>
        <source>a quarter of its %1-token window</source>
        <translation>其 %1 token 窗口的四分之一</translation>
    </message>
    <message>
        <source>the History Compress model returned an empty answer</source>
        <translation>History Compress 模型返回了空回答</translation>
    </message>
    <message>
        <source>the History Compress model repeated its instructions instead of writing a card; nothing was changed</source>
        <translation>History Compress 模型重复了它的指令而没有写出卡片；未做任何更改</translation>
    </message>
    <message>
        <source>the History Compress model wrote the same line over and over (%1 of %2 lines nearly repeat another) instead of a card; nothing was changed</source>
        <translation>历史压缩模型没有写出卡片,而是反复写同一行(%2 行中有 %1 行几乎重复);未做任何更改</translation>
    </message>
    <message>
        <source>the card for %1 mostly repeats itself, so it was not added; Dream now shows it for review, or choose a larger History Compress model</source>
        <translation>%1的卡片大多在重复自己，因此没有添加；“立即做梦”会先显示它供你查看，或者选择更大的历史压缩模型</translation>
    </message>
    <message>
        <source>the new card for %1 mostly repeats itself, so the old card was kept; Regenerate on the Memory page shows it for review, or choose a larger History Compress model</source>
        <translation>%1的新卡片大多在重复自己，因此保留了旧卡片；在记忆页面上“重新生成”会先显示它供你查看，或者选择更大的历史压缩模型</translation>
    </message>
    <message>
        <source>This card mostly repeats itself — try Regenerate or a larger model</source>
        <translation>这张卡片大多在重复自己——请尝试重新生成或使用更大的模型</translation>
    </message>
    <message>
        <source>the History Compress model wrote to you instead of a card about how you work; nothing was changed</source>
        <translation>History Compress 模型在跟你聊天，而没有写出关于你工作方式的卡片；未做任何更改</translation>
    </message>
    <message>
        <source>the History Compress model&apos;s %1-token window is too small to read any topic of the day; choose a model with a larger window</source>
        <translation>History Compress 模型的 %1 令牌窗口太小，读不了当天的任何话题；请选择窗口更大的模型</translation>
    </message>
    <message>
        <source>%1 is not over yet (UTC); a dream reads a finished day</source>
        <translation>%1还没有结束（UTC）；做梦只读取已结束的日子</translation>
    </message>
    <message>
        <source>memory is off for %1; turn it on (Assistant → Memory) to dream</source>
        <translation>%1 的记忆已关闭；请打开它（助手 → 记忆）才能做梦</translation>
    </message>
    <message>
        <source>; older cards folded (model)</source>
        <translation>；较早的卡片已合并（模型）</translation>
    </message>
    <message>
        <source>; older cards folded (concatenated)</source>
        <translation>；较早的卡片已合并（拼接）</translation>
    </message>
    <message>
        <source>; with a fold of older cards (model)</source>
        <translation>；并合并较早的卡片（模型）</translation>
    </message>
    <message>
        <source>; with a fold of older cards (concatenated)</source>
        <translation>；并合并较早的卡片（拼接）</translation>
    </message>
    <message>
        <source>; the model&apos;s %1 characters were shortened to %2</source>
        <translation>；模型的 %1 个字符已缩短为 %2 个</translation>
    </message>
    <message>
        <source>; Redacted from the dream card: %1 (likely secrets are never remembered).</source>
        <translation>；已从梦境卡片中删去：%1（疑似机密从不会被记住）。</translation>
    </message>
    <message>
        <source>; %1 of %2 topics were left out to fit the History Compress model&apos;s %3-token window</source>
        <translation>；为适应History Compress 模型的 %3 令牌窗口，%2 个话题中有 %1 个被略去</translation>
    </message>
    <message>
        <source>; %1 shortened to fit the History Compress model&apos;s %2-token window</source>
        <translation>；为适应History Compress 模型的 %2 令牌窗口，%1 个被缩短</translation>
    </message>
    <message>
        <source>; %1 of %2 topics were left out and %3 shortened to fit the History Compress model&apos;s %4-token window</source>
        <translation>；为适应History Compress 模型的 %4 令牌窗口，%2 个话题中有 %1 个被略去、%3 个被缩短</translation>
    </message>
    <message>
        <source>; the card may be missing its end: the History Compress model reached its token limit, so its unfinished last line was left out</source>
        <translation>；卡片可能缺少结尾：History Compress 模型达到了令牌上限，因此未写完的最后一行被省略了</translation>
    </message>
    <message>
        <source>; read %1</source>
        <translation>；已读 %1</translation>
    </message>
    <message>
        <source>; read %1 and %2 more</source>
        <translation>；已读 %1 等另外 %2 个</translation>
    </message>
    <message>
        <source>temperature must be between 0 and %1 (got %2)</source>
        <translation>温度必须在 0 到 %1 之间（当前为 %2）</translation>
    </message>
    <message>
        <source>top-p must be between 0 and %1 (got %2)</source>
        <translation>top-p 必须在 0 到 %1 之间（当前为 %2）</translation>
    </message>
    <message>
        <source>reasoning effort must be one of %1 (got %2)</source>
        <translation>推理强度必须是 %1 之一（当前为 %2）</translation>
    </message>
    <message>
        <source>thinking budget must be at least %1 tokens (got %2)</source>
        <translation>思考预算至少为 %1 个令牌（当前为 %2）</translation>
    </message>
    <message>
        <source>with a reasoning effort, leave temperature and top-p unset (reasoning models reject them)</source>
        <translation>设置推理强度时，请不要设置温度和 top-p（推理模型不接受它们）</translation>
    </message>
    <message>
        <source>with a thinking budget, leave temperature and top-p unset (Anthropic thinking requires it)</source>
        <translation>设置思考预算时，请不要设置温度和 top-p（Anthropic 的思考模式要求如此）</translation>
    </message>
    <message>
        <source>a thinking budget needs max tokens on (the budget must be below it)</source>
        <translation>思考预算需要打开最大令牌数（预算必须低于它）</translation>
    </message>
    <message>
        <source>the thinking budget (%1) must be below max tokens (%2)</source>
        <translation>思考预算（%1）必须低于最大令牌数（%2）</translation>
    </message>
    <message>
        <source>expected on/off, got %1</source>
        <translation>应为 on/off，得到的是 %1</translation>
    </message>
    <message>
        <source>the input template must contain {{text}} where the message goes</source>
        <translation>输入模板必须在放消息的位置包含 {{text}}</translation>
    </message>
    <message>
        <source>an assistant named %1 already exists</source>
        <translation>已存在名为 %1 的助手</translation>
    </message>
    <message>
        <source>an assistant with that name already exists</source>
        <translation>已存在同名助手</translation>
    </message>
    <message>
        <source>max tokens must be between 1 and %1</source>
        <translation>最大令牌数必须在 1 到 %1 之间</translation>
    </message>
    <message>
        <source>max tokens must be between 1 and %1 (got %2)</source>
        <translation>最大令牌数必须在 1 到 %1 之间（当前为 %2）</translation>
    </message>
    <message>
        <source>memory budget must be between 1 and %1 tokens (got %2)</source>
        <translation>记忆预算必须在 1 到 %1 个令牌之间（当前为 %2）</translation>
    </message>
    <message>
        <source>history limit must be between 0 and %1 messages (got %2)</source>
        <translation>历史限制必须在 0 到 %1 条消息之间（当前为 %2）</translation>
    </message>
    <message>
        <source>compact preset must be one of %1 (got %2)</source>
        <translation>压缩预设必须是 %1 之一（当前为 %2）</translation>
    </message>
    <message>
        <source>high watermark must be between %1 and %2 (got %3); the low watermark is 0.2 below it</source>
        <translation>高水位线必须在 %1 到 %2 之间（当前为 %3）；低水位线比它低 0.2</translation>
    </message>
    <message>
        <source>the low watermark is always 0.2 below the high watermark</source>
        <translation>低水位线始终比高水位线低 0.2</translation>
    </message>
    <message>
        <source>unknown assistant setting %1</source>
        <translation>未知的助手设置 %1</translation>
    </message>
    <message>
        <source>no assistant %1</source>
        <translation>没有助手 %1</translation>
    </message>
    <message>
        <source>unknown setting %1; settable: %2</source>
        <translation>未知设置 %1；可设置的有：%2</translation>
    </message>
    <message>
        <source>%1 expects a whole number, got %2</source>
        <translation>%1 需要一个整数，得到的是 %2</translation>
    </message>
    <message>
        <source>%1 expects a number such as 0.8, got %2</source>
        <translation>%1 需要一个数字，例如 0.8，得到的是 %2</translation>
    </message>
    <message>
        <source>%1 expects a finite number, got %2</source>
        <translation>%1 需要一个有限数字，得到的是 %2</translation>
    </message>
    <message>
        <source>the store is busy: another ChatHub process has been writing for %1 s; nothing was changed, try again when it is done</source>
        <translation>存储正忙：另一个 ChatHub 进程已写入 %1 秒；未做任何更改，请在它完成后重试</translation>
    </message>
    <message>
        <source>topic</source>
        <translation>话题</translation>
    </message>
    <message>
        <source>provider</source>
        <translation>提供商</translation>
    </message>
    <message>
        <source>message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>the topic title</source>
        <translation>话题标题</translation>
    </message>
    <message>
        <source>the model id</source>
        <translation>模型 ID</translation>
    </message>
    <message>
        <source>assistant name</source>
        <translation>助手名称</translation>
    </message>
    <message>
        <source>provider name</source>
        <translation>提供商名称</translation>
    </message>
    <message>
        <source>the summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>the file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>an alias</source>
        <translation>别名</translation>
    </message>
    <message>
        <source>no %1 %2</source>
        <translation>没有%1 %2</translation>
    </message>
    <message>
        <source>%1 must not be empty</source>
        <translation>%1不能为空</translation>
    </message>
    <message>
        <source>%1 is %2 characters long; the limit is %3</source>
        <translation>%1长 %2 个字符；上限为 %3</translation>
    </message>
    <message>
        <source>the model id is longer than %1 characters</source>
        <translation>模型 ID 超过 %1 个字符</translation>
    </message>
    <message>
        <source>%1 contains a NUL character</source>
        <translation>%1包含 NUL 字符</translation>
    </message>
    <message>
        <source>%1 contains characters that are not valid Unicode (a lone surrogate)</source>
        <translation>%1包含无效的 Unicode 字符（单独的代理项）</translation>
    </message>
    <message>
        <source>files</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>decisions</source>
        <translation>决定</translation>
    </message>
    <message>
        <source>tasks</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>numbers</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>No probe could be made from the covered turns (no paths, decisions, tasks or numbers).</source>
        <translation>无法从被涵盖的轮次中拟定探测问题（没有路径、决定、任务或数字）。</translation>
    </message>
    <message>
        <source>The summary lost %1 of %2 answerable probes: %3.</source>
        <translation>摘要丢失了 %2 个可回答探测问题中的 %1 个：%3。</translation>
    </message>
    <message>
        <source>The summary kept all %1 answerable probes (of %2).</source>
        <translation>摘要保留了全部 %1 个可回答的探测问题（共 %2 个）。</translation>
    </message>
    <message>
        <source>only regular topic chats have a summary to check</source>
        <translation>只有普通话题对话才有可检查的摘要</translation>
    </message>
    <message>
        <source>this topic has no summary to check yet</source>
        <translation>此话题还没有可检查的摘要</translation>
    </message>
    <message>
        <source>the new summary could not be checked, so the old state was kept: %1</source>
        <translation>无法检查新摘要，因此保留了旧状态：%1</translation>
    </message>
    <message>
        <source>the new summary failed its probe check, so the old state was kept. %1</source>
        <translation>新摘要未通过探测检查，因此保留了旧状态。%1</translation>
    </message>
    <message>
        <source>no answer from %1 within %2 s</source>
        <translation>%2 秒内没有收到 %1 的回答</translation>
    </message>
    <message>
        <source>cannot connect to %1: %2</source>
        <translation>无法连接到 %1：%2</translation>
    </message>
    <message>
        <source>%1 refused the API key (%2)</source>
        <translation>%1 拒绝了 API 密钥（%2）</translation>
    </message>
    <message>
        <source>%1 answered %2</source>
        <translation>%1 返回了 %2</translation>
    </message>
    <message>
        <source>%1 answered, but not with a model list</source>
        <translation>%1 有回答，但不是模型列表</translation>
    </message>
    <message>
        <source>Connected to %1 in %2 s: %3 model offered</source>
        <translation>已在 %2 秒内连接到 %1：提供 %3 个模型</translation>
    </message>
    <message>
        <source>Connected to %1 in %2 s: %3 models offered</source>
        <translation>已在 %2 秒内连接到 %1：提供 %3 个模型</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分钟</translation>
    </message>
    <message>
        <source>the server answered with a redirect (HTTP %1) but named no address</source>
        <translation>服务器以重定向作答（HTTP %1），但未给出地址</translation>
    </message>
    <message>
        <source>the server redirected to %1 (HTTP %2); put that address in the provider&apos;s base URL</source>
        <translation>服务器重定向到 %1（HTTP %2）；请把该地址填入提供商的基础 URL</translation>
    </message>
    <message>
        <source> (an HTML error page: %1)</source>
        <translation>（一个 HTML 错误页面：%1）</translation>
    </message>
    <message>
        <source> (an HTML error page)</source>
        <translation>（一个 HTML 错误页面）</translation>
    </message>
    <message>
        <source> — the server asks to retry in %1</source>
        <translation>——服务器要求在 %1 后重试</translation>
    </message>
    <message>
        <source>HTTP %1 from %2</source>
        <translation>%2 返回了 HTTP %1</translation>
    </message>
    <message>
        <source>HTTP %1</source>
        <translation>HTTP %1</translation>
    </message>
    <message>
        <source>the provider reported an error</source>
        <translation>提供商报告了一个错误</translation>
    </message>
    <message>
        <source>connecting to %1</source>
        <translation>连接 %1</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>waiting for data from %1</source>
        <translation>等待来自 %1 的数据</translation>
    </message>
    <message>
        <source>waiting for data</source>
        <translation>等待数据</translation>
    </message>
    <message>
        <source>sending the request to %1</source>
        <translation>向 %1 发送请求</translation>
    </message>
    <message>
        <source>sending the request</source>
        <translation>发送请求</translation>
    </message>
    <message>
        <source>waiting for a free connection</source>
        <translation>等待空闲连接</translation>
    </message>
    <message>
        <source>talking to %1</source>
        <translation>与 %1 通信</translation>
    </message>
    <message>
        <source>talking to the provider</source>
        <translation>与提供商通信</translation>
    </message>
    <message>
        <source>timed out %1 (%2)</source>
        <translation>%1时超时（%2）</translation>
    </message>
    <message>
        <source>could not decode the response from %1 (%2)</source>
        <translation>无法解码来自 %1 的响应（%2）</translation>
    </message>
    <message>
        <source>could not decode the response (%1)</source>
        <translation>无法解码响应（%1）</translation>
    </message>
    <message>
        <source>could not connect to %1 (%2)</source>
        <translation>无法连接到 %1（%2）</translation>
    </message>
    <message>
        <source>could not connect (%1)</source>
        <translation>无法连接（%1）</translation>
    </message>
    <message>
        <source>stream ended early: connection from %1 lost (%2)</source>
        <translation>流提前结束：与 %1 的连接已断开（%2）</translation>
    </message>
    <message>
        <source>stream ended early: connection lost (%1)</source>
        <translation>流提前结束：连接已断开（%1）</translation>
    </message>
    <message>
        <source>network error talking to %1 (%2)</source>
        <translation>与 %1 通信时出现网络错误（%2）</translation>
    </message>
    <message>
        <source>network error talking (%1)</source>
        <translation>通信时出现网络错误（%1）</translation>
    </message>
    <message>
        <source>stream ended early: the connection was closed by %1 after %2 characters of text</source>
        <translation>流提前结束：%1 在 %2 个文本字符后关闭了连接</translation>
    </message>
    <message>
        <source>stream ended early: the connection was closed after %1 characters of text</source>
        <translation>流提前结束：连接在 %1 个文本字符后被关闭</translation>
    </message>
    <message>
        <source>ChatHub can&apos;t reach %1 at %2 — is the server running? Retry, or check Settings → Providers.</source>
        <translation>ChatHub 无法连接到位于 %2 的 %1——服务器在运行吗？请重试，或检查“设置 → 服务商”。</translation>
    </message>
    <message>
        <source>ChatHub can&apos;t reach %1 at %2 — is the server running? The text so far is kept. Retry, or check Settings → Providers.</source>
        <translation>ChatHub 无法连接到位于 %2 的 %1——服务器在运行吗？已收到的文字已保留。请重试，或检查“设置 → 服务商”。</translation>
    </message>
    <message>
        <source>The connection to %1 at %2 dropped before the reply began — the server may have stopped. Retry, or check Settings → Providers.</source>
        <translation>与位于 %2 的 %1 的连接在回复开始前断开——服务器可能已停止。请重试，或检查“设置 → 服务商”。</translation>
    </message>
    <message>
        <source>The connection to %1 at %2 dropped mid-reply; the text so far is kept. Retry, or check Settings → Providers.</source>
        <translation>与位于 %2 的 %1 的连接在回复中途断开；已收到的文字已保留。请重试，或检查“设置 → 服务商”。</translation>
    </message>
    <message>
        <source>expected a streamed (text/event-stream) answer</source>
        <translation>预期一个流式（text/event-stream）回答</translation>
    </message>
    <message>
        <source> but got an HTML page: %1</source>
        <translation>，但收到的是 HTML 页面：%1</translation>
    </message>
    <message>
        <source>the provider sent a stream event that is not JSON</source>
        <translation>提供商发送了一个不是 JSON 的流事件</translation>
    </message>
    <message>
        <source>the provider&apos;s %1-compressed answer is damaged (%2)</source>
        <translation>提供商以 %1 压缩的回答已损坏（%2）</translation>
    </message>
    <message>
        <source>the provider compressed its answer as %1, which the app does not read (it asks for gzip or deflate)</source>
        <translation>提供商以 %1 压缩其回答，本应用无法读取（它请求的是 gzip 或 deflate）</translation>
    </message>
    <message>
        <source>The model returned an empty reply for a request that fills its context window (%1 of %2 tokens). Compact the topic or start a new one.</source>
        <translation>对于一个填满上下文窗口的请求（%2 个令牌中的 %1 个），模型返回了空回复。请压缩该话题或新建话题。</translation>
    </message>
    <message>
        <source>the request failed: %1</source>
        <translation>请求失败：%1</translation>
    </message>
    <message>
        <source>stopped after %1 tool rounds: the model kept calling tools; send a message to let it go on</source>
        <translation>已在 %1 轮工具调用后停止：模型一直在调用工具；发送一条消息让它继续</translation>
    </message>
    <message>
        <source>only the topic&apos;s last reply can be retried, and only when it failed, was stopped or was interrupted</source>
        <translation>只有话题的最后一条回复可以重试，且仅当它失败、被停止或被中断时</translation>
    </message>
    <message>
        <source>an attachment of this topic is missing from the store; remove that message or attach the file again</source>
        <translation>此话题的一个附件已不在存储中；请删除那条消息或重新附加该文件</translation>
    </message>
    <message>
        <source>the message is empty</source>
        <translation>消息为空</translation>
    </message>
    <message>
        <source>an attachment has no bytes; attach it again</source>
        <translation>一个附件没有内容；请重新附加</translation>
    </message>
    <message>
        <source>the message contains bytes that are not valid UTF-8</source>
        <translation>消息包含无效的 UTF-8 字节</translation>
    </message>
    <message>
        <source>conversation %1</source>
        <translation>第 %1 个对话</translation>
    </message>
    <message>
        <source>conversation %1 is more than %2 of JSON</source>
        <translation>第 %1 个对话的 JSON 超过 %2</translation>
    </message>
    <message>
        <source>; the limit is %1 per conversation</source>
        <translation>；每个对话的上限为 %1</translation>
    </message>
    <message>
        <source>conversation %1 has a message of %2 (a text starting at byte %3)</source>
        <translation>第 %1 个对话中有一条 %2 的消息（文本始于第 %3 字节）</translation>
    </message>
    <message>
        <source>; the limit is %1 per message</source>
        <translation>；每条消息的上限为 %1</translation>
    </message>
    <message>
        <source>%1: file not found</source>
        <translation>%1：找不到文件</translation>
    </message>
    <message>
        <source>%1 is a folder; choose the export&apos;s conversations.json or its .zip</source>
        <translation>%1 是一个文件夹；请选择导出的 conversations.json 或其 .zip</translation>
    </message>
    <message>
        <source>%1 is a damaged zip file: %2</source>
        <translation>%1 是一个损坏的 zip 文件：%2</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 以及另外 %2 个</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 is a zip without %2; expected a ChatGPT or Claude data export (found: %3)</source>
        <translation>%1 是一个不含 %2 的 zip；预期是 ChatGPT 或 Claude 的数据导出（找到：%3）</translation>
    </message>
    <message>
        <source>%1 expands to %2; the limit is %3</source>
        <translation>%1 解压后为 %2；上限为 %3</translation>
    </message>
    <message>
        <source>%1 would expand from %2 to %3 (%4 times; exports compress at most about 20 times): refused as a zip bomb</source>
        <translation>%1 将从 %2 解压为 %3（%4 倍；导出文件的压缩比最多约 20 倍）：作为 zip 炸弹被拒绝</translation>
    </message>
    <message>
        <source>a chat export</source>
        <translation>聊天导出</translation>
    </message>
    <message>
        <source>an %1 export</source>
        <translation>%1 导出</translation>
    </message>
    <message>
        <source>a %1 export</source>
        <translation>%1 导出</translation>
    </message>
    <message>
        <source>%1 is empty; expected %2</source>
        <translation>%1 是空的；预期是%2</translation>
    </message>
    <message>
        <source>%1 is a JSON object%2; expected %3: a conversations.json (a JSON array of conversations) or one conversation</source>
        <translation>%1 是一个 JSON 对象%2；预期是%3：一个 conversations.json（对话的 JSON 数组）或单个对话</translation>
    </message>
    <message>
        <source>%1: the zip is damaged or encrypted (%2)</source>
        <translation>%1：该 zip 已损坏或已加密（%2）</translation>
    </message>
    <message>
        <source>%1 is a damaged or truncated zip file</source>
        <translation>%1 是一个损坏或被截断的 zip 文件</translation>
    </message>
    <message>
        <source>%1 %2; expected %3 (a conversations.json, an export .json or the export .zip)</source>
        <translation>%1 %2；预期是%3（conversations.json、导出的 .json 或导出的 .zip）</translation>
    </message>
    <message>
        <source>is binary data, not JSON</source>
        <translation>是二进制数据，不是 JSON</translation>
    </message>
    <message>
        <source>. Nothing was imported.</source>
        <translation>。未导入任何内容。</translation>
    </message>
    <message>
        <source>holds a single JSON value (%1), not a list of conversations</source>
        <translation>只包含单个 JSON 值（%1），而不是对话列表</translation>
    </message>
    <message>
        <source>is not JSON (it starts with “%1”)</source>
        <translation>不是 JSON（它以“%1”开头）</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source> (the first conversation has keys: %1)</source>
        <translation>（第一个对话的键：%1）</translation>
    </message>
    <message>
        <source> (keys: %1)</source>
        <translation>（键：%1）</translation>
    </message>
    <message>
        <source>%1 looks like a %2 export, not a %3 export; import it as %2</source>
        <translation>%1 看起来是 %2 导出，而不是 %3 导出；请按 %2 导入</translation>
    </message>
    <message>
        <source>%1 is not an export this app reads%2; it reads %3</source>
        <translation>%1 不是本应用能读取的导出%2；本应用可读取 %3</translation>
    </message>
    <message>
        <source>%1 is not a valid %2 export: %3</source>
        <translation>%1 不是有效的 %2 导出：%3</translation>
    </message>
    <message>
        <source>%1 %2 in conversation %3; %4 never nests that deep</source>
        <translation>%1 在第 %3 个对话中%2；%4 从不嵌套这么深</translation>
    </message>
    <message>
        <source>%1: the zip is damaged (%2)</source>
        <translation>%1：该 zip 已损坏（%2）</translation>
    </message>
    <message>
        <source>database error while importing %1: %2</source>
        <translation>导入 %1 时出现数据库错误：%2</translation>
    </message>
    <message>
        <source>could not import %1: %2: %3</source>
        <translation>无法导入 %1：%2：%3</translation>
    </message>
    <message>
        <source>%1 holds text that is not valid UTF-8 in conversation %2 (bytes that are no character); %3 is UTF-8</source>
        <translation>%1 在第 %2 个对话中包含无效的 UTF-8 文本（不构成字符的字节）；%3应为 UTF-8</translation>
    </message>
    <message>
        <source>%1 holds a number too large to read in conversation %2 (%3&apos;s numbers are times and counts)</source>
        <translation>%1 在第 %2 个对话中包含一个大到无法读取的数字（%3中的数字是时间和计数）</translation>
    </message>
    <message>
        <source>%1 is not valid JSON (%2); the file may be truncated or damaged</source>
        <translation>%1 不是有效的 JSON（%2）；文件可能被截断或已损坏</translation>
    </message>
    <message>
        <source>%1 is not valid JSON after %2 of %3 bytes (%4); the file may be truncated or damaged</source>
        <translation>%1 在读取 %3 字节中的 %2 字节后不再是有效的 JSON（%4）；文件可能被截断或已损坏</translation>
    </message>
    <message>
        <source>ChatGPT → Settings → Data controls → Export data; the e-mailed zip, or the conversations.json inside it.</source>
        <translation>ChatGPT → 设置 → 数据控制 → 导出数据；使用邮件发来的 zip，或其中的 conversations.json。</translation>
    </message>
    <message>
        <source>Claude.ai → Settings → Privacy → Export data; the e-mailed zip, or the conversations.json inside it.</source>
        <translation>Claude.ai → 设置 → 隐私 → 导出数据；使用邮件发来的 zip，或其中的 conversations.json。</translation>
    </message>
    <message>
        <source>Open WebUI → Settings → Chats → Export chats (one JSON file of all chats), or a chat&apos;s ⋯ menu → Download → Export chat (.json).</source>
        <translation>Open WebUI → 设置 → 聊天 → 导出聊天（所有聊天在一个 JSON 文件中），或某个聊天的 ⋯ 菜单 → 下载 → 导出聊天（.json）。</translation>
    </message>
    <message>
        <source>LibreChat → a conversation&apos;s ⋯ menu → Export → JSON (with branches).</source>
        <translation>LibreChat → 某个对话的 ⋯ 菜单 → 导出 → JSON（含分支）。</translation>
    </message>
    <message>
        <source>unknown provider kind %1; choose one of: %2</source>
        <translation>未知的提供商类型 %1；请从以下选择：%2</translation>
    </message>
    <message>
        <source>a provider named %1 already exists</source>
        <translation>名为 %1 的提供商已存在</translation>
    </message>
    <message>
        <source>cannot store the API key: %1</source>
        <translation>无法保存 API 密钥：%1</translation>
    </message>
    <message>
        <source>the API key variable name is longer than %1 characters</source>
        <translation>API 密钥变量名超过 %1 个字符</translation>
    </message>
    <message>
        <source>not an environment variable name: %1</source>
        <translation>不是环境变量名：%1</translation>
    </message>
    <message>
        <source>base URL is %1 characters long; the limit is %2</source>
        <translation>基础 URL 长 %1 个字符；上限为 %2</translation>
    </message>
    <message>
        <source>base URL is not a valid URL (%1; got %2)</source>
        <translation>基础 URL 不是有效的 URL（%1；收到 %2）</translation>
    </message>
    <message>
        <source>base URL must start with http:// or https:// (got %1)</source>
        <translation>基础 URL 必须以 http:// 或 https:// 开头（收到 %1）</translation>
    </message>
    <message>
        <source>base URL must not contain spaces (got %1)</source>
        <translation>基础 URL 不能包含空格（收到 %1）</translation>
    </message>
    <message>
        <source>base URL has an invalid port (got %1)</source>
        <translation>基础 URL 的端口无效（收到 %1）</translation>
    </message>
    <message>
        <source>the base URL must not carry a key or password (%1); put the key in the API key field (or --api-key-env) and leave it out of the URL</source>
        <translation>基础 URL 不能携带密钥或密码（%1）；请把密钥填入 API 密钥字段（或 --api-key-env），不要写在 URL 里</translation>
    </message>
    <message>
        <source>no key file is configured here</source>
        <translation>这里没有配置密钥文件</translation>
    </message>
    <message>
        <source>give either an API key or an environment variable, not both</source>
        <translation>请提供 API 密钥或环境变量之一，不要同时提供</translation>
    </message>
    <message>
        <source>no key for provider %1 in the keyring</source>
        <translation>钥匙串中没有服务商 %1 的密钥</translation>
    </message>
    <message>
        <source>no key for provider %1 in the key file</source>
        <translation>密钥文件中没有服务商 %1 的密钥</translation>
    </message>
    <message>
        <source>nothing imported: %1</source>
        <translation>未导入任何内容：%1</translation>
    </message>
    <message>
        <source>an MCP server named %1 exists already; nothing was added (replace it to overwrite)</source>
        <translation>名为 %1 的 MCP 服务器已存在；未添加任何内容（选择替换以覆盖）</translation>
    </message>
    <message>
        <source>%1 is not UTF-8 text</source>
        <translation>%1 不是 UTF-8 文本</translation>
    </message>
    <message>
        <source>no MCP server named %1</source>
        <translation>没有名为 %1 的 MCP 服务器</translation>
    </message>
    <message>
        <source>%1: not signed out: %2</source>
        <translation>%1：未能退出登录：%2</translation>
    </message>
    <message>
        <source>Signed out of %1; no sign-in was kept.</source>
        <translation>已退出 %1；没有保存的登录信息。</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1和%2</translation>
    </message>
    <message>
        <source>Signed out of %1: its tokens were deleted from %2.</source>
        <translation>已退出 %1：它的令牌已从%2中删除。</translation>
    </message>
    <message>
        <source>an MCP server named %1 exists already</source>
        <translation>名为 %1 的 MCP 服务器已存在</translation>
    </message>
    <message>
        <source>%1 is not a tool name</source>
        <translation>%1 不是工具名</translation>
    </message>
    <message>
        <source>%1 has no tool named %2</source>
        <translation>%1 没有名为 %2 的工具</translation>
    </message>
    <message>
        <source>topic title must not be empty</source>
        <translation>话题标题不能为空</translation>
    </message>
    <message>
        <source>only your messages and the assistant&apos;s text replies can be pinned</source>
        <translation>只能置顶你的消息和助手的文本回复</translation>
    </message>
    <message>
        <source>not a message field: %1</source>
        <translation>不是消息字段：%1</translation>
    </message>
    <message>
        <source>no reply in topic %1 is being written by another window or command</source>
        <translation>话题 %1 中没有正由另一个窗口或命令写入的回复</translation>
    </message>
    <message>
        <source>the server read only %1 of about %2 tokens: its context is smaller than the model card says</source>
        <translation>服务器只读取了约 %2 个令牌中的 %1 个：它的上下文比模型卡所写的小</translation>
    </message>
    <message>
        <source>the provider&apos;s answer had no text the app could read (%1 event not in the shape of its provider kind); check the provider&apos;s kind and base URL</source>
        <translation>提供商的回答中没有本应用能读取的文本（%1 个事件不符合其提供商类型的格式）；请检查提供商的类型和基础 URL</translation>
    </message>
    <message>
        <source>the provider&apos;s answer had no text the app could read (%1 events not in the shape of its provider kind); check the provider&apos;s kind and base URL</source>
        <translation>提供商的回答中没有本应用能读取的文本（%1 个事件不符合其提供商类型的格式）；请检查提供商的类型和基础 URL</translation>
    </message>
    <message>
        <source>the model reached its output token limit (max tokens), all spent on reasoning before writing any text</source>
        <translation>模型在写出任何文本之前就达到了输出令牌上限（最大令牌数），全部用在了推理上</translation>
    </message>
    <message>
        <source>the model reached its output token limit (max tokens) before writing any text</source>
        <translation>模型在写出任何文本之前就达到了输出令牌上限（最大令牌数）</translation>
    </message>
    <message>
        <source>the model reasoned but wrote no answer</source>
        <translation>模型进行了推理，但没有写出回答</translation>
    </message>
    <message>
        <source>the provider sent an empty reply</source>
        <translation>提供商发送了一个空回复</translation>
    </message>
    <message>
        <source>the provider sent an SSE line longer than the line limit</source>
        <translation>提供商发送的 SSE 行超过了行上限</translation>
    </message>
    <message>
        <source>the provider sent an SSE event larger than the event limit</source>
        <translation>提供商发送的 SSE 事件超过了事件上限</translation>
    </message>
    <message>
        <source>the provider&apos;s answer passed the body limit</source>
        <translation>提供商的回答超过了正文上限</translation>
    </message>
    <message>
        <source>the reply passed the reply limit</source>
        <translation>回复超过了回复上限</translation>
    </message>
    <message>
        <source>the model list passed its limit</source>
        <translation>模型列表超过了其上限</translation>
    </message>
    <message>
        <source>the provider&apos;s compressed answer expanded past the decompression limit</source>
        <translation>提供商的压缩回答解压后超过了解压上限</translation>
    </message>
    <message>
        <source>stopped: %1 of %2; raise “%3” in Settings → Providers</source>
        <translation>已停止：%1（上限为 %2）；可在“设置 → 服务商”中调高“%3”</translation>
    </message>
    <message>
        <source>stopped: %1 of %2 times its compressed size; set the environment variable %3 to raise it</source>
        <translation>已停止：%1（上限为压缩大小的 %2 倍）；设置环境变量 %3 可提高上限</translation>
    </message>
    <message>
        <source>stopped: %1 of %2; set the environment variable %3 (in MB) to raise it</source>
        <translation>已停止：%1（上限为 %2）；设置环境变量 %3（以 MB 为单位）可提高上限</translation>
    </message>
    <message>
        <source>it contains a user name or password before the host</source>
        <translation>它在主机名之前包含用户名或密码</translation>
    </message>
    <message>
        <source>its query has a %1 parameter</source>
        <translation>它的查询中有 %1 参数</translation>
    </message>
    <message>
        <source>no change</source>
        <translation>无变化</translation>
    </message>
    <message>
        <source>%1 added, %2 removed, %3 edited</source>
        <translation>新增 %1，删除 %2，修改 %3</translation>
    </message>
    <message>
        <source>%1 entry</source>
        <translation>%1 条</translation>
    </message>
    <message>
        <source>%1 entries</source>
        <translation>%1 条</translation>
    </message>
    <message>
        <source>%1 card</source>
        <translation>%1 张卡片</translation>
    </message>
    <message>
        <source>%1 cards</source>
        <translation>%1 张卡片</translation>
    </message>
    <message>
        <source>fixed memory: %1 → %2</source>
        <translation>固定记忆：%1 → %2</translation>
    </message>
    <message>
        <source>dynamic memory: %1 → %2</source>
        <translation>动态记忆：%1 → %2</translation>
    </message>
    <message>
        <source>entries: %1</source>
        <translation>条目：%1</translation>
    </message>
    <message>
        <source>cards: %1</source>
        <translation>卡片：%1</translation>
    </message>
    <message>
        <source>the new card [%1]</source>
        <translation>新卡片 [%1]</translation>
    </message>
    <message>
        <source>a new range card</source>
        <translation>一张新的范围卡片</translation>
    </message>
    <message>
        <source>range card #%1 [%2]</source>
        <translation>范围卡片 #%1 [%2]</translation>
    </message>
    <message>
        <source>fold: %1 (%2) into %3, which then covers %4 – %5</source>
        <translation>合并：%1（%2）并入%3，之后它涵盖 %4 – %5</translation>
    </message>
    <message>
        <source>context window must be between 1 and %1 tokens</source>
        <translation>上下文窗口必须在 1 到 %1 个令牌之间</translation>
    </message>
    <message>
        <source>max output must be between 1 and the context window</source>
        <translation>最大输出必须在 1 与上下文窗口之间</translation>
    </message>
    <message>
        <source>tokenizer must be one of %1 (got %2)</source>
        <translation>分词器必须是 %1 之一（收到 %2）</translation>
    </message>
    <message>
        <source>no model card for %1</source>
        <translation>没有 %1 的模型卡</translation>
    </message>
    <message>
        <source>%1: the file is not UTF-8 text (byte 0x%2 at offset %3); a model catalog is UTF-8 JSON</source>
        <translation>%1：该文件不是 UTF-8 文本（偏移 %3 处的字节 0x%2）；模型目录应为 UTF-8 JSON</translation>
    </message>
    <message>
        <source>a ChatHub memory file (JSON)</source>
        <translation>ChatHub 记忆文件（JSON）</translation>
    </message>
    <message>
        <source>a ChatHub memory file (Markdown)</source>
        <translation>ChatHub 记忆文件（Markdown）</translation>
    </message>
    <message>
        <source>a plain Markdown/text document (becomes fixed memory)</source>
        <translation>普通的 Markdown/文本文档（成为固定记忆）</translation>
    </message>
    <message>
        <source>, %1 repeating a line above it</source>
        <translation>，与上方条目重复 %1 条</translation>
    </message>
    <message>
        <source> and %1 of notes</source>
        <translation> 以及 %1注释</translation>
    </message>
    <message>
        <source>%1 line</source>
        <translation>%1 行</translation>
    </message>
    <message>
        <source>%1 lines</source>
        <translation>%1 行</translation>
    </message>
    <message>
        <source> (replaced; Memory → History can revert it)</source>
        <translation>（已替换；可在 记忆 → 历史 中撤销）</translation>
    </message>
    <message>
        <source>fixed entries: %1</source>
        <translation>固定条目：%1</translation>
    </message>
    <message>
        <source>dynamic memory: %1 → %2 (the current cards can be restored%3)</source>
        <translation>动态记忆：%1 → %2（当前卡片可以恢复%3）</translation>
    </message>
    <message>
        <source>; %1 of the file shortened to the card and document caps</source>
        <translation>；文件中的 %1 已按卡片和文档上限缩短</translation>
    </message>
    <message>
        <source>dream cards: %1</source>
        <translation>梦境卡片：%1</translation>
    </message>
    <message>
        <source>fixed memory: unchanged, still %1 (the file has none)</source>
        <translation>固定记忆：不变，仍为 %1（文件中没有）</translation>
    </message>
    <message>
        <source>dynamic memory: unchanged, still %1 (Merge adds fixed entries only)</source>
        <translation>动态记忆：不变，仍为 %1（合并只添加固定条目）</translation>
    </message>
    <message>
        <source>dynamic memory: unchanged, still %1 (the file has none)</source>
        <translation>动态记忆：不变，仍为 %1（文件中没有）</translation>
    </message>
    <message>
        <source>; %1 untrusted</source>
        <translation>；%1 不可信</translation>
    </message>
    <message>
        <source>this file</source>
        <translation>此文件</translation>
    </message>
    <message>
        <source>cannot import %1: %2; nothing was changed</source>
        <translation>无法导入 %1：%2；未做任何更改</translation>
    </message>
    <message>
        <source>memory export format must be json or markdown, not %1</source>
        <translation>记忆导出格式必须是 json 或 markdown，而不是 %1</translation>
    </message>
    <message>
        <source>import mode must be replace or merge, not %1</source>
        <translation>导入模式必须是 replace 或 merge，而不是 %1</translation>
    </message>
    <message>
        <source>the choice covers %1 entries but the file has %2; check the file again</source>
        <translation>所选涵盖 %1 条，但文件中有 %2 条；请重新检查文件</translation>
    </message>
    <message>
        <source>%1, message %2</source>
        <translation>%1，消息 %2</translation>
    </message>
    <message>
        <source>%1, node %2</source>
        <translation>%1，节点 %2</translation>
    </message>
    <message>
        <source>message %1</source>
        <translation>消息 %1</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>%1 is not a time</source>
        <translation>%1 不是时间</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>a list</source>
        <translation>列表</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 is out of range</source>
        <translation>%1 超出范围</translation>
    </message>
    <message>
        <source>conversation %1 (%2)</source>
        <translation>第 %1 个对话（%2）</translation>
    </message>
    <message>
        <source>this message is %1</source>
        <translation>这条消息有 %1</translation>
    </message>
    <message>
        <source>the parent links of message %1 form a cycle</source>
        <translation>消息 %1 的父链接形成了循环</translation>
    </message>
    <message>
        <source>node %1 is not an object (found %2)</source>
        <translation>节点 %1 不是对象（发现的是%2）</translation>
    </message>
    <message>
        <source>the parent links of node %1 form a cycle</source>
        <translation>节点 %1 的父链接形成了循环</translation>
    </message>
    <message>
        <source>node %1 has a parent that is not a string (found %2)</source>
        <translation>节点 %1 的 parent 不是字符串（发现的是%2）</translation>
    </message>
    <message>
        <source>expected an object, found %1</source>
        <translation>应为对象，发现的是%1</translation>
    </message>
    <message>
        <source>has &apos;chat_messages&apos; but no &apos;mapping&apos;: this looks like a Claude export, not a ChatGPT export</source>
        <translation>有 &apos;chat_messages&apos; 但没有 &apos;mapping&apos;：这看起来是 Claude 导出，而不是 ChatGPT 导出</translation>
    </message>
    <message>
        <source>has no mapping</source>
        <translation>没有 mapping</translation>
    </message>
    <message>
        <source>; not a ChatGPT conversation (keys found: %1)</source>
        <translation>；不是 ChatGPT 对话（找到的键：%1）</translation>
    </message>
    <message>
        <source>mapping is not an object (found %1)</source>
        <translation>mapping 不是对象（发现的是%1）</translation>
    </message>
    <message>
        <source>title is not a string (found %1)</source>
        <translation>title 不是字符串（发现的是%1）</translation>
    </message>
    <message>
        <source>message is not an object (found %1)</source>
        <translation>message 不是对象（发现的是%1）</translation>
    </message>
    <message>
        <source>author is not an object (found %1)</source>
        <translation>author 不是对象（发现的是%1）</translation>
    </message>
    <message>
        <source>author.role is not a string (found %1)</source>
        <translation>author.role 不是字符串（发现的是%1）</translation>
    </message>
    <message>
        <source>content is not an object (found %1)</source>
        <translation>content 不是对象（发现的是%1）</translation>
    </message>
    <message>
        <source>create_time is not a time (%1)</source>
        <translation>create_time 不是时间（%1）</translation>
    </message>
    <message>
        <source>create_time/update_time is not a time (%1)</source>
        <translation>create_time/update_time 不是时间（%1）</translation>
    </message>
    <message>
        <source>message %1 is not an object (found %2)</source>
        <translation>消息 %1 不是对象（发现的是%2）</translation>
    </message>
    <message>
        <source>has &apos;mapping&apos; but no &apos;chat_messages&apos;: this looks like a ChatGPT export, not a Claude export</source>
        <translation>有 &apos;mapping&apos; 但没有 &apos;chat_messages&apos;：这看起来是 ChatGPT 导出，而不是 Claude 导出</translation>
    </message>
    <message>
        <source>has no chat_messages</source>
        <translation>没有 chat_messages</translation>
    </message>
    <message>
        <source>; not a Claude conversation (keys found: %1)</source>
        <translation>；不是 Claude 对话（找到的键：%1）</translation>
    </message>
    <message>
        <source>chat_messages is not a list (found %1)</source>
        <translation>chat_messages 不是列表（发现的是%1）</translation>
    </message>
    <message>
        <source>created_at/updated_at is not a time (%1)</source>
        <translation>created_at/updated_at 不是时间（%1）</translation>
    </message>
    <message>
        <source>sender is not human or assistant (found %1)</source>
        <translation>sender 不是 human 或 assistant（发现的是 %1）</translation>
    </message>
    <message>
        <source>created_at is not a time (%1)</source>
        <translation>created_at 不是时间（%1）</translation>
    </message>
    <message>
        <source>the time is not a time (%1)</source>
        <translation>时间字段不是时间（%1）</translation>
    </message>
    <message>
        <source>has no chat history</source>
        <translation>没有聊天历史</translation>
    </message>
    <message>
        <source>; not an Open WebUI chat (keys found: %1)</source>
        <translation>；不是 Open WebUI 聊天（找到的键：%1）</translation>
    </message>
    <message>
        <source>role is not user, assistant or system (found %1)</source>
        <translation>role 不是 user、assistant 或 system（发现的是 %1）</translation>
    </message>
    <message>
        <source>messages is not a list (found %1)</source>
        <translation>messages 不是列表（发现的是%1）</translation>
    </message>
    <message>
        <source>messages nest more than %1 levels deep</source>
        <translation>messages 嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>has no messages</source>
        <translation>没有 messages</translation>
    </message>
    <message>
        <source>; not a LibreChat conversation (keys found: %1)</source>
        <translation>；不是 LibreChat 对话（找到的键：%1）</translation>
    </message>
    <message>
        <source>createdAt is not a time (%1)</source>
        <translation>createdAt 不是时间（%1）</translation>
    </message>
    <message>
        <source>more than %1</source>
        <translation>超过 %1</translation>
    </message>
    <message>
        <source>holds a text of %1 (at byte %2)</source>
        <translation>包含一段 %1 的文本（位于第 %2 字节）</translation>
    </message>
    <message>
        <source>; the limit is %1 per text</source>
        <translation>；每段文本的上限为 %1</translation>
    </message>
    <message>
        <source>nests JSON more than %1 levels deep (at byte %2)</source>
        <translation>的 JSON 嵌套超过 %1 层（位于第 %2 字节）</translation>
    </message>
    <message>
        <source>server %1: command</source>
        <translation>服务器 %1：命令</translation>
    </message>
    <message>
        <source>server %1: more than %2 arguments</source>
        <translation>服务器 %1：参数超过 %2 个</translation>
    </message>
    <message>
        <source>server %1: an argument</source>
        <translation>服务器 %1：某个参数</translation>
    </message>
    <message>
        <source>server %1: working folder</source>
        <translation>服务器 %1：工作文件夹</translation>
    </message>
    <message>
        <source>server %1: the url must be http:// or https:// (at most %2 characters)</source>
        <translation>服务器 %1：url 必须以 http:// 或 https:// 开头（最多 %2 个字符）</translation>
    </message>
    <message>
        <source>server name %1 must be 1-%2 letters, digits, &apos;_&apos;, &apos;.&apos; or &apos;-&apos;</source>
        <translation>服务器名称 %1 必须是 1-%2 个字母、数字、&apos;_&apos;、&apos;.&apos; 或 &apos;-&apos;</translation>
    </message>
    <message>
        <source>the config is longer than %1 characters</source>
        <translation>配置超过 %1 个字符</translation>
    </message>
    <message>
        <source>the config %1</source>
        <translation>配置%1</translation>
    </message>
    <message>
        <source>the config is not JSON (%1)</source>
        <translation>配置不是 JSON（%1）</translation>
    </message>
    <message>
        <source>expected a JSON object with an &quot;mcpServers&quot; object of servers</source>
        <translation>应为一个 JSON 对象，其中含有由服务器组成的 &quot;mcpServers&quot; 对象</translation>
    </message>
    <message>
        <source>the config names no servers</source>
        <translation>配置中没有任何服务器</translation>
    </message>
    <message>
        <source>the config names more than %1 servers</source>
        <translation>配置中的服务器超过 %1 个</translation>
    </message>
    <message>
        <source>the form holds more than %1 characters</source>
        <translation>表单超过 %1 个字符</translation>
    </message>
    <message>
        <source>server %1: more than %2 environment lines</source>
        <translation>服务器 %1：环境变量行超过 %2 行</translation>
    </message>
    <message>
        <source>server %1: more than %2 header lines</source>
        <translation>服务器 %1：标头行超过 %2 行</translation>
    </message>
    <message>
        <source>server %1: environment line %2 is not %3</source>
        <translation>服务器 %1：环境变量第 %2 行不是 %3</translation>
    </message>
    <message>
        <source>server %1: header line %2 is not %3</source>
        <translation>服务器 %1：标头第 %2 行不是 %3</translation>
    </message>
    <message>
        <source>server %1 is not a JSON object</source>
        <translation>服务器 %1 不是 JSON 对象</translation>
    </message>
    <message>
        <source>server %1: transport %2 is not supported (stdio or Streamable HTTP)</source>
        <translation>服务器 %1：不支持传输方式 %2（stdio 或 Streamable HTTP）</translation>
    </message>
    <message>
        <source>server %1 has neither &quot;command&quot; nor &quot;url&quot;</source>
        <translation>服务器 %1 既没有 &quot;command&quot; 也没有 &quot;url&quot;</translation>
    </message>
    <message>
        <source>server %1: &quot;args&quot; must be a list of strings</source>
        <translation>服务器 %1：&quot;args&quot; 必须是字符串列表</translation>
    </message>
    <message>
        <source>server %1: &quot;cwd&quot; must be a string</source>
        <translation>服务器 %1：&quot;cwd&quot; 必须是字符串</translation>
    </message>
    <message>
        <source>server %1: &quot;%2&quot; must be an object of strings</source>
        <translation>服务器 %1：&quot;%2&quot; 必须是由字符串组成的对象</translation>
    </message>
    <message>
        <source>%1 must be a string</source>
        <translation>%1必须是字符串</translation>
    </message>
    <message>
        <source>%1 is empty</source>
        <translation>%1为空</translation>
    </message>
    <message>
        <source>%1 is longer than %2 characters</source>
        <translation>%1超过 %2 个字符</translation>
    </message>
    <message>
        <source>%1 is not valid Unicode text (a lone surrogate)</source>
        <translation>%1不是有效的 Unicode 文本（孤立的代理项）</translation>
    </message>
    <message>
        <source>server %1: more than %2 headers</source>
        <translation>服务器 %1：标头超过 %2 个</translation>
    </message>
    <message>
        <source>server %1: more than %2 environment variables</source>
        <translation>服务器 %1：环境变量超过 %2 个</translation>
    </message>
    <message>
        <source>server %1: header name %2 is not valid</source>
        <translation>服务器 %1：标头名称 %2 无效</translation>
    </message>
    <message>
        <source>server %1: environment variable name %2 is not valid</source>
        <translation>服务器 %1：环境变量名 %2 无效</translation>
    </message>
    <message>
        <source>server %1: header %2</source>
        <translation>服务器 %1：标头 %2</translation>
    </message>
    <message>
        <source>server %1: environment variable %2</source>
        <translation>服务器 %1：环境变量 %2</translation>
    </message>
    <message>
        <source>%1 contains a line break</source>
        <translation>%1包含换行符</translation>
    </message>
    <message>
        <source>Redacted from %1: %2 (likely secrets are never remembered).</source>
        <translation>已从%1中删去：%2（疑似机密从不会被记住）。</translation>
    </message>
    <message>
        <source>the text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>the memory entry</source>
        <translation>记忆条目</translation>
    </message>
    <message>
        <source>the memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>the dream card</source>
        <translation>梦境卡片</translation>
    </message>
    <message>
        <source>the topic summary</source>
        <translation>话题摘要</translation>
    </message>
    <message>
        <source>the imported memory</source>
        <translation>导入的记忆</translation>
    </message>
    <message>
        <source>the reply was cut at the model&apos;s output token limit (max tokens)</source>
        <translation>回复在模型的输出令牌上限（最大令牌数）处被截断</translation>
    </message>
    <message>
        <source>warning — %1</source>
        <translation>警告 — %1</translation>
    </message>
    <message>
        <source>the send failed: %1</source>
        <translation>发送失败：%1</translation>
    </message>
    <message>
        <source>: </source>
        <translation>：</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>this export is already imported into %1 as topic %2</source>
        <translation>此导出已作为话题 %2 导入到 %1</translation>
    </message>
    <message>
        <source>not a ChatHub topic export: %1</source>
        <translation>不是 ChatHub 话题导出：%1</translation>
    </message>
    <message>
        <source>the file is %1; a topic export is at most %2</source>
        <translation>文件大小为 %1；话题导出最大为 %2</translation>
    </message>
    <message>
        <source>it is not UTF-8 text (byte %1)</source>
        <translation>不是 UTF-8 文本（第 %1 字节）</translation>
    </message>
    <message>
        <source>not a ChatHub topic export: it %1</source>
        <translation>不是 ChatHub 话题导出：它%1</translation>
    </message>
    <message>
        <source>invalid JSON (%1)</source>
        <translation>无效的 JSON（%1）</translation>
    </message>
    <message>
        <source>no &quot;format&quot;: &quot;%1&quot;</source>
        <translation>缺少 &quot;format&quot;: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>version %1 is not %2</source>
        <translation>版本 %1 不是 %2</translation>
    </message>
    <message>
        <source>no &quot;topic&quot; object</source>
        <translation>缺少 &quot;topic&quot; 对象</translation>
    </message>
    <message>
        <source>no &quot;messages&quot; list</source>
        <translation>缺少 &quot;messages&quot; 列表</translation>
    </message>
    <message>
        <source>%1 messages; at most %2</source>
        <translation>共 %1 条消息；最多 %2 条</translation>
    </message>
    <message>
        <source>message %1 is not an object</source>
        <translation>第 %1 条消息不是对象</translation>
    </message>
    <message>
        <source>message %1: &quot;%2&quot; is not text</source>
        <translation>第 %1 条消息：&quot;%2&quot; 不是文本</translation>
    </message>
    <message>
        <source>message %1 has role %2</source>
        <translation>第 %1 条消息的角色为 %2</translation>
    </message>
    <message>
        <source>message %1 has status %2</source>
        <translation>第 %1 条消息的状态为 %2</translation>
    </message>
    <message>
        <source>message %1: %2 is not a token count</source>
        <translation>第 %1 条消息：%2 不是令牌数</translation>
    </message>
    <message>
        <source>message %1: tool_calls is not a list of calls</source>
        <translation>第 %1 条消息：tool_calls 不是调用列表</translation>
    </message>
    <message>
        <source>message %1: a tool call is not {id, name, arguments} text</source>
        <translation>第 %1 条消息：有工具调用不是 {id, name, arguments} 文本</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not text</source>
        <translation>&quot;%1&quot; 不是文本</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is longer than %2 characters</source>
        <translation>&quot;%1&quot; 超过 %2 个字符</translation>
    </message>
    <message>
        <source>&quot;%1&quot; holds a NUL character</source>
        <translation>&quot;%1&quot; 含有 NUL 字符</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not true or false</source>
        <translation>&quot;%1&quot; 不是 true 或 false</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an ISO 8601 time with a UTC offset</source>
        <translation>&quot;%1&quot; 不是带 UTC 偏移的 ISO 8601 时间</translation>
    </message>
    <message>
        <source>%1 is not valid JSON (%2)</source>
        <translation>%1 不是有效的 JSON（%2）</translation>
    </message>
    <message>
        <source>%1 is %2; the limit is %3</source>
        <translation>%1 大小为 %2；上限为 %3</translation>
    </message>
    <message>
        <source>%1 is not valid JSON (it %2)</source>
        <translation>%1 不是有效的 JSON（它%2）</translation>
    </message>
    <message>
        <source>cannot read %1 as a Claude export zip (%2)</source>
        <translation>无法将 %1 作为 Claude 导出 zip 读取（%2）</translation>
    </message>
    <message>
        <source>%1: %2 has %3 characters; the limit is %4</source>
        <translation>%1：%2 有 %3 个字符；上限为 %4</translation>
    </message>
    <message>
        <source>%1: %2 holds %3, which cannot be stored</source>
        <translation>%1：%2 含有 %3，无法保存</translation>
    </message>
    <message>
        <source>%1: expected an object, got %2</source>
        <translation>%1：应为对象，实际为 %2</translation>
    </message>
    <message>
        <source>%1: &apos;id&apos; must be a non-empty string</source>
        <translation>%1：&apos;id&apos; 必须是非空字符串</translation>
    </message>
    <message>
        <source>%1: &apos;context_window&apos; must be a positive integer up to %2, got %3</source>
        <translation>%1：&apos;context_window&apos; 必须是不超过 %2 的正整数，实际为 %3</translation>
    </message>
    <message>
        <source>%1: &apos;max_output&apos; must be a positive integer up to %2 or null, got %3</source>
        <translation>%1：&apos;max_output&apos; 必须是不超过 %2 的正整数或 null，实际为 %3</translation>
    </message>
    <message>
        <source>%1: &apos;reasoning&apos; must be true or false, got %2</source>
        <translation>%1：&apos;reasoning&apos; 必须是 true 或 false，实际为 %2</translation>
    </message>
    <message>
        <source>%1: &apos;thinking_off&apos; must be one of %2 or null, got %3</source>
        <translation>%1：&apos;thinking_off&apos; 必须是 %2 之一或 null，实际为 %3</translation>
    </message>
    <message>
        <source>%1: &apos;min_effort&apos; must be a string or null, got %2</source>
        <translation>%1：&apos;min_effort&apos; 必须是字符串或 null，实际为 %2</translation>
    </message>
    <message>
        <source>%1: &apos;aliases&apos; must be a list of strings</source>
        <translation>%1：&apos;aliases&apos; 必须是字符串列表</translation>
    </message>
    <message>
        <source>model catalog has %1 characters; a catalog is at most %2</source>
        <translation>模型目录有 %1 个字符；目录最多 %2 个字符</translation>
    </message>
    <message>
        <source>model catalog is not valid JSON: %1 at line %2 column %3</source>
        <translation>模型目录不是有效的 JSON：第 %2 行第 %3 列 %1</translation>
    </message>
    <message>
        <source>model catalog holds a number too large to read</source>
        <translation>模型目录含有大到无法读取的数字</translation>
    </message>
    <message>
        <source>model catalog: &apos;models&apos; must be a list of entries</source>
        <translation>模型目录：&apos;models&apos; 必须是条目列表</translation>
    </message>
    <message>
        <source>model catalog: expected an object with a &apos;models&apos; list</source>
        <translation>模型目录：应为带 &apos;models&apos; 列表的对象</translation>
    </message>
    <message>
        <source>%1: id or alias %2 is already used by models[%3]</source>
        <translation>%1：id 或别名 %2 已被 models[%3] 使用</translation>
    </message>
    <message>
        <source>a number too large</source>
        <translation>一个过大的数字</translation>
    </message>
    <message>
        <source>model catalog %1; a catalog needs 4 levels and short texts</source>
        <translation>模型目录%1；目录只需 4 层和较短的文本</translation>
    </message>
    <message>
        <source>import ChatGPT exports with File → Import → ChatGPT export, or `chathub-desktop import chatgpt`</source>
        <translation>ChatGPT 导出请用“文件 → 导入 → ChatGPT 导出”或 `chathub-desktop import chatgpt` 导入</translation>
    </message>
    <message>
        <source>its provenance block</source>
        <translation>其来源信息块</translation>
    </message>
    <message>
        <source>the fixed memory block</source>
        <translation>固定记忆块</translation>
    </message>
    <message>
        <source>the dynamic memory block</source>
        <translation>动态记忆块</translation>
    </message>
    <message>
        <source>the file is %1; a memory file is at most %2</source>
        <translation>文件大小为 %1；记忆文件最大 %2</translation>
    </message>
    <message>
        <source>this is a ChatGPT export zip, not a memory file; %1</source>
        <translation>这是 ChatGPT 导出的 zip，不是记忆文件；%1</translation>
    </message>
    <message>
        <source>this is a zip archive, not a memory file (JSON or Markdown)</source>
        <translation>这是 zip 压缩包，不是记忆文件（JSON 或 Markdown）</translation>
    </message>
    <message>
        <source>the file is not UTF-8 text, nor the UTF-16 its first bytes announce (byte %1)</source>
        <translation>文件既不是 UTF-8 文本，也不是其开头字节声明的 UTF-16（第 %1 字节）</translation>
    </message>
    <message>
        <source>this is a binary file (it holds NUL bytes, the first at byte %1), not a memory file</source>
        <translation>这是二进制文件（含有 NUL 字节，第一个位于第 %1 字节），不是记忆文件</translation>
    </message>
    <message>
        <source>%1 holds a NUL character (binary data), which memory cannot hold</source>
        <translation>%1含有 NUL 字符（二进制数据），记忆无法保存</translation>
    </message>
    <message>
        <source>%1 holds an invalid character (a lone UTF-16 surrogate at position %2)</source>
        <translation>%1含有无效字符（位置 %2 处的孤立 UTF-16 代理项）</translation>
    </message>
    <message>
        <source>%1 nests JSON more than %2 levels deep; a memory file never does</source>
        <translation>%1的 JSON 嵌套超过 %2 层；记忆文件不会这样</translation>
    </message>
    <message>
        <source>%1 is not valid JSON: %2 at line %3, column %4</source>
        <translation>%1不是有效的 JSON：第 %3 行第 %4 列 %2</translation>
    </message>
    <message>
        <source>; it looks cut short</source>
        <translation>；看起来被截断了</translation>
    </message>
    <message>
        <source>%1 nests JSON too deeply</source>
        <translation>%1的 JSON 嵌套过深</translation>
    </message>
    <message>
        <source>%1 holds a number too large to read; a memory file&apos;s numbers are small</source>
        <translation>%1含有大到无法读取的数字；记忆文件中的数字都很小</translation>
    </message>
    <message>
        <source>%1 must be an ISO 8601 time, not %2</source>
        <translation>%1 必须是 ISO 8601 时间，而不是 %2</translation>
    </message>
    <message>
        <source>%1 is not an ISO 8601 time: %2</source>
        <translation>%1 不是 ISO 8601 时间：%2</translation>
    </message>
    <message>
        <source>%1 has no time zone: %2</source>
        <translation>%1 没有时区：%2</translation>
    </message>
    <message>
        <source>%1 is out of range: %2</source>
        <translation>%1 超出范围：%2</translation>
    </message>
    <message>
        <source>%1 must be a list</source>
        <translation>%1 必须是列表</translation>
    </message>
    <message>
        <source>%1 must be an object</source>
        <translation>%1 必须是对象</translation>
    </message>
    <message>
        <source>%1 must be a 64-character sha256 hex string</source>
        <translation>%1 必须是 64 个字符的 sha256 十六进制字符串</translation>
    </message>
    <message>
        <source>%1 must be one of %2, not %3</source>
        <translation>%1 必须是 %2 之一，而不是 %3</translation>
    </message>
    <message>
        <source>%1 must be true or false</source>
        <translation>%1 必须是 true 或 false</translation>
    </message>
    <message>
        <source>%1 must be fixed or dynamic, not %2</source>
        <translation>%1 必须是 fixed 或 dynamic，而不是 %2</translation>
    </message>
    <message>
        <source>%1 must be an object with a text &quot;document&quot;</source>
        <translation>%1 必须是带有文本 &quot;document&quot; 的对象</translation>
    </message>
    <message>
        <source>this is a ChatGPT export (conversations.json), not a memory file; %1</source>
        <translation>这是 ChatGPT 导出（conversations.json），不是记忆文件；%1</translation>
    </message>
    <message>
        <source>this is a JSON array, not a ChatHub memory file (expected an object with %1)</source>
        <translation>这是 JSON 数组，不是 ChatHub 记忆文件（应为带有 %1 的对象）</translation>
    </message>
    <message>
        <source>this is JSON but not a ChatHub memory file (expected %1)</source>
        <translation>这是 JSON，但不是 ChatHub 记忆文件（应含有 %1）</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <source>this is JSON (%1), not a ChatHub memory file</source>
        <translation>这是 JSON（%1），不是 ChatHub 记忆文件</translation>
    </message>
    <message>
        <source>this looks like a ChatGPT export (conversations.json), not a memory file, and %1; %2</source>
        <translation>这看起来是 ChatGPT 导出（conversations.json），不是记忆文件，而且%1；%2</translation>
    </message>
    <message>
        <source>memory file version %1 is not supported (this app reads %2)</source>
        <translation>不支持记忆文件版本 %1（本应用读取 %2）</translation>
    </message>
    <message>
        <source>the file is damaged: its first line should be exactly %1</source>
        <translation>文件已损坏：第一行应正好是 %1</translation>
    </message>
    <message>
        <source>the file is damaged: line %1 comes after the provenance block that ends an export</source>
        <translation>文件已损坏：第 %1 行位于导出末尾的来源信息块之后</translation>
    </message>
    <message>
        <source>the file is damaged: %1 appears twice (line %2)</source>
        <translation>文件已损坏：%1出现了两次（第 %2 行）</translation>
    </message>
    <message>
        <source>%1 at line %2 is damaged: it should hold exactly %3 characters and end with %4</source>
        <translation>第 %2 行的%1已损坏：它应正好包含 %3 个字符并以 %4 结尾</translation>
    </message>
    <message>
        <source>the file is damaged: its provenance block (line %1) is cut off</source>
        <translation>文件已损坏：其来源信息块（第 %1 行）被截断</translation>
    </message>
    <message>
        <source>the file is damaged: line %1 is a broken memory block marker: %2</source>
        <translation>文件已损坏：第 %1 行是损坏的记忆块标记：%2</translation>
    </message>
    <message>
        <source>the file is damaged: its provenance block at the end is missing or cut off</source>
        <translation>文件已损坏：末尾的来源信息块缺失或被截断</translation>
    </message>
    <message>
        <source>the file is damaged: there is text after its provenance block (line %1)</source>
        <translation>文件已损坏：来源信息块之后还有文本（第 %1 行）</translation>
    </message>
    <message>
        <source>this is JSON but not a ChatHub memory file</source>
        <translation>这是 JSON，但不是 ChatHub 记忆文件</translation>
    </message>
    <message>
        <source>the file is cut short: it holds only %1, the start of a memory file</source>
        <translation>文件被截断：只有 %1，即记忆文件的开头</translation>
    </message>
    <message>
        <source>this memory file&apos;s version line %1 is not one this app reads (%2)</source>
        <translation>此记忆文件的版本行 %1 不是本应用能读取的（%2）</translation>
    </message>
    <message>
        <source>the file is damaged: it holds a memory block marker (line %1: %2) but does not start with %3</source>
        <translation>文件已损坏：含有记忆块标记（第 %1 行：%2），但开头不是 %3</translation>
    </message>
    <message>
        <source>this is %1, not a memory document (%2)</source>
        <translation>这是%1，不是记忆文档（%2）</translation>
    </message>
    <message>
        <source>this is not a memory document: it has %1 characters of plain text (the limit is %2)</source>
        <translation>这不是记忆文档：它有 %1 个字符的纯文本（上限为 %2）</translation>
    </message>
    <message>
        <source>this is not a memory document: line %1 has %2 characters (a plain document&apos;s lines stay under %3)</source>
        <translation>这不是记忆文档：第 %1 行有 %2 个字符（纯文本文档的每行不超过 %3）</translation>
    </message>
    <message>
        <source>a memory file is a ChatHub JSON or Markdown export, or a Markdown/text document</source>
        <translation>记忆文件是 ChatHub 的 JSON 或 Markdown 导出，或 Markdown/文本文档</translation>
    </message>
    <message>
        <source>a CSV table (%1 columns, %2 rows)</source>
        <translation>CSV 表格（%1 列，%2 行）</translation>
    </message>
    <message>
        <source>a CSV table (semicolon-separated) (%1 columns, %2 rows)</source>
        <translation>CSV 表格（分号分隔）（%1 列，%2 行）</translation>
    </message>
    <message>
        <source>a tab-separated table (%1 columns, %2 rows)</source>
        <translation>制表符分隔的表格（%1 列，%2 行）</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>文件是空的</translation>
    </message>
    <message>
        <source>this is a binary file (it holds NUL characters), not a memory file</source>
        <translation>这是二进制文件（含有 NUL 字符），不是记忆文件</translation>
    </message>
    <message>
        <source>the file holds neither fixed nor dynamic memory</source>
        <translation>文件中既没有固定记忆也没有动态记忆</translation>
    </message>
    <message>
        <source>dynamic memory card #%1 [%2] has %3 characters; a single-day card holds at most %4 (DRM-13), and one over %5 times that is refused rather than cut</source>
        <translation>动态记忆卡片 #%1 [%2] 有 %3 个字符；单日卡片最多 %4 个字符（DRM-13），超过其 %5 倍的卡片会被拒绝而不是截短</translation>
    </message>
    <message>
        <source>dynamic memory card #%1 [%2] has %3 characters; a range card holds at most %4 (DRM-13), and one over %5 times that is refused rather than cut</source>
        <translation>动态记忆卡片 #%1 [%2] 有 %3 个字符；范围卡片最多 %4 个字符（DRM-13），超过其 %5 倍的卡片会被拒绝而不是截短</translation>
    </message>
    <message>
        <source>its dynamic memory has %1 cards and %2 characters; keeping %3 dream cards, an assistant&apos;s dynamic memory holds at most %4 characters (DRM-13: %5); raise Keep dream cards or import fewer cards</source>
        <translation>其动态记忆有 %1 张卡片、%2 个字符；保留 %3 张梦境卡片时，助手的动态记忆最多 %4 个字符（DRM-13：%5）；请调高“保留梦境卡片数”或导入更少的卡片</translation>
    </message>
    <message>
        <source>a %1 file is a table, not a memory document (%2)</source>
        <translation>%1 文件是表格，不是记忆文档（%2）</translation>
    </message>
    <message>
        <source>%1 is named .json but does not hold JSON</source>
        <translation>%1 的扩展名是 .json，但内容不是 JSON</translation>
    </message>
    <message>
        <source>a folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>a named pipe (FIFO)</source>
        <translation>命名管道（FIFO）</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>套接字</translation>
    </message>
    <message>
        <source>a character device</source>
        <translation>字符设备</translation>
    </message>
    <message>
        <source>a block device</source>
        <translation>块设备</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>memory file</source>
        <translation>记忆文件</translation>
    </message>
    <message>
        <source>model catalog</source>
        <translation>模型目录</translation>
    </message>
    <message>
        <source>config file</source>
        <translation>配置文件</translation>
    </message>
    <message>
        <source>topic export</source>
        <translation>话题导出文件</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>非普通文件</translation>
    </message>
    <message>
        <source>%1 is %2, not a regular file; nothing was read</source>
        <translation>%1 是%2，不是普通文件；未读取任何内容</translation>
    </message>
    <message>
        <source>%1 was replaced while it was being opened; nothing was read</source>
        <translation>%1 在打开时被替换；未读取任何内容</translation>
    </message>
    <message>
        <source>%1 is larger than %2; a %3 is at most %2; nothing was read</source>
        <translation>%1 大于 %2；%3最大为 %2；未读取任何内容</translation>
    </message>
    <message>
        <source>fixed memory</source>
        <translation>固定记忆</translation>
    </message>
    <message>
        <source>dynamic memory</source>
        <translation>动态记忆</translation>
    </message>
    <message>
        <source>that entry is already paused; nothing to revert</source>
        <translation>该条目已处于暂停状态；无需还原</translation>
    </message>
    <message>
        <source>that entry is already sent to the model; nothing to revert</source>
        <translation>该条目已在发送给模型；无需还原</translation>
    </message>
    <message>
        <source>that card is already paused; nothing to revert</source>
        <translation>该卡片已处于暂停状态；无需还原</translation>
    </message>
    <message>
        <source>that card is already sent to the model; nothing to revert</source>
        <translation>该卡片已在发送给模型；无需还原</translation>
    </message>
    <message>
        <source>no memory change #%1 for this assistant (it may be older than the history keeps)</source>
        <translation>此助手没有记忆更改 #%1（它可能早于历史记录保留的范围）</translation>
    </message>
    <message>
        <source>%1 is already as it was before change #%2; nothing to revert</source>
        <translation>%1已经是更改 #%2 之前的样子；无需还原</translation>
    </message>
    <message>
        <source>%1 changed %2 time after change #%3; reverting it would also undo that — nothing was reverted (undo only that change: History → Revert, or memory revert --only; or look at what a revert overwrites first: memory revert --overwrite)</source>
        <translation>%1在更改 #%3 之后又更改了 %2 次；还原它会连那次更改一起撤销——未还原任何内容（只撤销那次更改：历史记录 → 还原，或 memory revert --only；或先查看还原会覆盖什么：memory revert --overwrite）</translation>
    </message>
    <message>
        <source>%1 changed %2 times after change #%3; reverting it would also undo that — nothing was reverted (undo only that change: History → Revert, or memory revert --only; or look at what a revert overwrites first: memory revert --overwrite)</source>
        <translation>%1在更改 #%3 之后又更改了 %2 次；还原它会连这些更改一起撤销——未还原任何内容（只撤销那次更改：历史记录 → 还原，或 memory revert --only；或先查看还原会覆盖什么：memory revert --overwrite）</translation>
    </message>
    <message>
        <source>“%1” was changed or deleted after change #%2, so that change cannot be undone on its own; nothing was undone</source>
        <translation>“%1”在更改 #%2 之后已被修改或删除，因此无法单独撤销那次更改；未撤销任何内容</translation>
    </message>
    <message>
        <source>%1 already holds what change #%2 replaced; nothing to undo</source>
        <translation>%1中已经有更改 #%2 替换掉的内容；无需撤销</translation>
    </message>
    <message>
        <source>%1 changed again since the revert was shown; nothing was reverted</source>
        <translation>显示还原后%1又有更改；未还原任何内容</translation>
    </message>
    <message>
        <source>%1 attachments; at most %2 per message</source>
        <translation>%1 个附件；每条消息最多 %2 个</translation>
    </message>
    <message>
        <source>%1 is empty (0 bytes); nothing to attach</source>
        <translation>%1 是空的（0 字节）；没有可附加的内容</translation>
    </message>
    <message>
        <source>%1 is not an image this app can read (PNG, JPEG, GIF, WebP or BMP)</source>
        <translation>%1 不是本应用能读取的图片（PNG、JPEG、GIF、WebP 或 BMP）</translation>
    </message>
    <message>
        <source>%1 must be resized before it can be sent, and no image codec is available</source>
        <translation>%1 需要先缩小才能发送，但没有可用的图片编解码器</translation>
    </message>
    <message>
        <source>%1 could not be made small enough to send</source>
        <translation>%1 无法缩小到可以发送的大小</translation>
    </message>
    <message>
        <source>no memory entry #%1</source>
        <translation>没有记忆条目 #%1</translation>
    </message>
    <message>
        <source>entry #%1 changed in another window or command since it was shown; nothing was changed</source>
        <translation>条目 #%1 在显示后已在另一个窗口或命令中被更改；未做任何更改</translation>
    </message>
    <message>
        <source>origin must be one of %1, got %2</source>
        <translation>来源必须是 %1 之一，得到的是 %2</translation>
    </message>
    <message>
        <source>no topic %1 for assistant %2</source>
        <translation>助手 %2 没有话题 %1</translation>
    </message>
    <message>
        <source>card #%1 [%2] changed in another window or command since it was shown; nothing was changed</source>
        <translation>卡片 #%1 [%2] 在显示后已在另一个窗口或命令中被更改；未做任何更改</translation>
    </message>
    <message>
        <source>no dynamic memory card #%1</source>
        <translation>没有动态记忆卡片 #%1</translation>
    </message>
    <message>
        <source>card #%1 holds at most %2 characters; this text has %3 (about %4 fit)</source>
        <translation>卡片 #%1 最多 %2 个字符；此文本有 %3 个（约能容纳 %4 个）</translation>
    </message>
    <message>
        <source>unknown compaction trigger %1</source>
        <translation>未知的压缩触发方式 %1</translation>
    </message>
    <message>
        <source>only regular topic chats have a summary to edit</source>
        <translation>只有普通话题对话才有可编辑的摘要</translation>
    </message>
    <message>
        <source>the summary changed since you opened it (a compaction finished); your text was not saved — reopen the summary and edit again</source>
        <translation>摘要在你打开后已更改（一次压缩已完成）；你的文本未保存——请重新打开摘要再编辑</translation>
    </message>
    <message>
        <source>assistant %1 has no provider; pick one in its settings</source>
        <translation>助手 %1 没有服务商；请在它的设置中选择一个</translation>
    </message>
    <message>
        <source>assistant %1 has no chat model; set one in its settings</source>
        <translation>助手 %1 没有对话模型；请在它的设置中设置一个</translation>
    </message>
    <message>
        <source>provider %1 is turned off; turn it on in Settings → Providers</source>
        <translation>服务商 %1 已关闭；请在 设置 → 服务商 中打开它</translation>
    </message>
    <message>
        <source>no message %1 (it was deleted)</source>
        <translation>没有消息 %1（它已被删除）</translation>
    </message>
    <message>
        <source>a dream card holds at most %1 characters; this text has %2</source>
        <translation>梦境卡片最多 %1 个字符；此文本有 %2 个</translation>
    </message>
    <message>
        <source>no dream proposal %1</source>
        <translation>没有梦境提议 %1</translation>
    </message>
    <message>
        <source>keep dream cards must be %1–%2, not %3</source>
        <translation>保留的梦境卡片数必须为 %1–%2，而不是 %3</translation>
    </message>
    <message>
        <source>card #%1 [%2] covers no single day and cannot be regenerated</source>
        <translation>卡片 #%1 [%2] 不对应单独一天，无法重新生成</translation>
    </message>
    <message>
        <source>the card for %1 was deleted meanwhile</source>
        <translation>%1的卡片已在此期间被删除</translation>
    </message>
    <message>
        <source>this reply is still being written; press Stop first</source>
        <translation>这条回复仍在写入；请先按“停止”</translation>
    </message>
    <message>
        <source>another ChatHub window or command is still writing a reply in this topic; wait for it or stop it there; if it no longer answers, mark its reply as interrupted (the reply&apos;s menu, or `chat interrupt --topic %1`)</source>
        <translation>另一个 ChatHub 窗口或命令仍在此话题中写回复；请等待它完成或在那里停止它；如果它不再响应，请把它的回复标记为已中断（回复的菜单，或 `chat interrupt --topic %1`）</translation>
    </message>
    <message>
        <source>another ChatHub window or command is still writing a reply in this topic; wait for it or stop it there before deleting it; if it no longer answers, mark its reply as interrupted (the reply&apos;s menu, or `chat interrupt --topic %1`)</source>
        <translation>另一个 ChatHub 窗口或命令仍在此话题中写回复；删除前请等待它完成或在那里停止它；如果它不再响应，请把它的回复标记为已中断（回复的菜单，或 `chat interrupt --topic %1`）</translation>
    </message>
    <message>
        <source>position %1 of topic %2 has no version %3 (it has %4)</source>
        <translation>话题 %2 的位置 %1 没有第 %3 个版本（共有 %4 个）</translation>
    </message>
    <message>
        <source>this message has no other versions</source>
        <translation>这条消息没有其他版本</translation>
    </message>
    <message>
        <source>there is no version %1 of %2</source>
        <translation>没有第 %1 个版本（共 %2 个）</translation>
    </message>
    <message>
        <source>only the topic&apos;s last reply can be regenerated</source>
        <translation>只有话题的最后一条回复可以重新生成</translation>
    </message>
    <message>
        <source>only your own messages can be edited and resent</source>
        <translation>只有你自己的消息可以编辑并重新发送</translation>
    </message>
    <message>
        <source>no provider named %1; add it first or pick one of the configured providers</source>
        <translation>没有名为 %1 的服务商；请先添加它，或从已配置的服务商中选择一个</translation>
    </message>
    <message>
        <source>%1 — stderr: %2</source>
        <translation>%1——stderr：%2</translation>
    </message>
    <message>
        <source>%1; restarting in %2 s</source>
        <translation>%1；将在 %2 秒后重启</translation>
    </message>
    <message>
        <source>only a Streamable HTTP server can be signed in to</source>
        <translation>只有 Streamable HTTP 服务器可以登录</translation>
    </message>
    <message>
        <source>the tool servers are shut down</source>
        <translation>工具服务器已关闭</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>%1 was not found on PATH (%2)</source>
        <translation>在 PATH 中找不到 %1（%2）</translation>
    </message>
    <message>
        <source>the server lists more than %1 tools</source>
        <translation>服务器列出的工具超过 %1 个</translation>
    </message>
    <message>
        <source>not running</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>%1 took longer than %2 s</source>
        <translation>%1 用时超过 %2 秒</translation>
    </message>
    <message>
        <source>the result of %1 is larger than %2 MB</source>
        <translation>%1 的结果大于 %2 MB</translation>
    </message>
    <message>
        <source>no answer to the handshake</source>
        <translation>握手没有得到回应</translation>
    </message>
    <message>
        <source>could not start: %1</source>
        <translation>无法启动：%1</translation>
    </message>
    <message>
        <source>the server closed the connection</source>
        <translation>服务器关闭了连接</translation>
    </message>
    <message>
        <source>the server exited</source>
        <translation>服务器已退出</translation>
    </message>
    <message>
        <source>the server was ended by %1</source>
        <translation>服务器被 %1 终止</translation>
    </message>
    <message>
        <source>the server exited with status %1</source>
        <translation>服务器已退出，状态码 %1</translation>
    </message>
    <message>
        <source>threshold compaction: %1</source>
        <translation>阈值压缩：%1</translation>
    </message>
    <message>
        <source>could not encode the image as %1</source>
        <translation>无法把图片编码为 %1</translation>
    </message>
    <message>
        <source>the image could not be decoded</source>
        <translation>无法解码该图片</translation>
    </message>
    <message>
        <source>still above %1 KB at the lowest quality</source>
        <translation>以最低质量编码仍超过 %1 KB</translation>
    </message>
    <message>
        <source>the keyring refused to store the key: %1</source>
        <translation>钥匙串拒绝保存密钥：%1</translation>
    </message>
    <message>
        <source>cannot read the key from the keyring: %1</source>
        <translation>无法从钥匙串读取密钥：%1</translation>
    </message>
    <message>
        <source>cannot delete the key from the keyring: %1</source>
        <translation>无法从钥匙串删除密钥：%1</translation>
    </message>
    <message>
        <source>environment variable %1 is not set</source>
        <translation>环境变量 %1 未设置</translation>
    </message>
    <message>
        <source>cannot write the key file %1: %2</source>
        <translation>无法写入密钥文件 %1：%2</translation>
    </message>
    <message>
        <source>cannot read the key file %1: %2</source>
        <translation>无法读取密钥文件 %1：%2</translation>
    </message>
    <message>
        <source>cannot change the key file %1: %2</source>
        <translation>无法更改密钥文件 %1：%2</translation>
    </message>
    <message>
        <source>a stashed branch is larger than the store allows</source>
        <translation>一个暂存的分支超过了存储允许的大小</translation>
    </message>
    <message>
        <source>a stashed branch cannot be read: %1</source>
        <translation>无法读取暂存的分支：%1</translation>
    </message>
    <message>
        <source>a stashed branch is not a list of messages</source>
        <translation>暂存的分支不是消息列表</translation>
    </message>
    <message>
        <source>card language must be one of %1</source>
        <translation>卡片语言必须是 %1 之一</translation>
    </message>
    <message>
        <source> (got %1)</source>
        <translation>（得到的是 %1）</translation>
    </message>
    <message>
        <source>%1 looks binary; only images and text or code files can be attached</source>
        <translation>%1 看起来是二进制文件；只能附加图片以及文本或代码文件</translation>
    </message>
    <message>
        <source>%1 is not a readable image</source>
        <translation>%1 不是可读取的图片</translation>
    </message>
    <message>
        <source>%1 is %2 MB; attachments are limited to %3 MB</source>
        <translation>%1 有 %2 MB；附件最大为 %3 MB</translation>
    </message>
    <message>
        <source>%1 is %2×%3 pixels; images are limited to %4 megapixels</source>
        <translation>%1 为 %2×%3 像素；图片最大为 %4 百万像素</translation>
    </message>
    <message>
        <source>%1 is %2 KB; text files are limited to %3 KB</source>
        <translation>%1 有 %2 KB；文本文件最大为 %3 KB</translation>
    </message>
    <message>
        <source>%1 is not valid UTF-16 text</source>
        <translation>%1 不是有效的 UTF-16 文本</translation>
    </message>
    <message>
        <source>%1 is not UTF-8 text; only images and text or code files can be attached</source>
        <translation>%1 不是 UTF-8 文本；只能附加图片以及文本或代码文件</translation>
    </message>
    <message>
        <source>%1 is ~%2 tokens; this model&apos;s input budget is %3</source>
        <translation>%1 约为 %2 个令牌；此模型的输入预算为 %3</translation>
    </message>
    <message>
        <source>This message with its %1 attachments</source>
        <translation>这条消息及其 %1 个附件</translation>
    </message>
    <message>
        <source>%1 must be &gt;= 1, got %2</source>
        <translation>%1 必须 &gt;= 1，得到的是 %2</translation>
    </message>
    <message>
        <source>%1 must be true/false (1/0, yes/no, on/off), got %2</source>
        <translation>%1 必须为 true/false（1/0、yes/no、on/off），得到的是 %2</translation>
    </message>
    <message>
        <source>%1 must be an integer, got %2</source>
        <translation>%1 必须是整数，得到的是 %2</translation>
    </message>
    <message>
        <source>%1 must be &gt;= 0, got %2</source>
        <translation>%1 必须 &gt;= 0，得到的是 %2</translation>
    </message>
    <message>
        <source>The request needs about %1 tokens even with older turns left out, but the budget is %2. Attach fewer files or images, or choose a model with a larger context window.</source>
        <translation>即使省略较早的轮次，这个请求也需要约 %1 个令牌，但预算只有 %2。请少附加一些文件或图片，或选择上下文窗口更大的模型。</translation>
    </message>
    <message>
        <source>%1 must be a whole number, not %2</source>
        <translation>%1 必须是整数，而不是 %2</translation>
    </message>
    <message>
        <source>%1 must be at least 1, not %2</source>
        <translation>%1 至少为 1，而不是 %2</translation>
    </message>
    <message>
        <source>dream frequency must be one of %1, not %2</source>
        <translation>做梦频率必须是 %1 之一，而不是 %2</translation>
    </message>
    <message>
        <source>dream time must be HH:MM in 24-hour UTC (e.g. 02:00), not %1</source>
        <translation>做梦时间必须是 24 小时制 UTC 的 HH:MM（例如 02:00），而不是 %1</translation>
    </message>
    <message>
        <source>dream weekday must be 0 (Sunday) to 6 (Saturday), not %1</source>
        <translation>做梦的星期必须是 0（星期日）到 6（星期六），而不是 %1</translation>
    </message>
    <message>
        <source>%1 expects on/off, got %2</source>
        <translation>%1 需要 on/off，得到的是 %2</translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3, got %4</source>
        <translation>%1 必须在 %2 到 %3 之间，得到的是 %4</translation>
    </message>
    <message>
        <source>%1 expects one of %2, got %3</source>
        <translation>%1 需要 %2 之一，得到的是 %3</translation>
    </message>
    <message>
        <source>%1 expects PROVIDER/MODEL, got %2</source>
        <translation>%1 需要 服务商/模型（PROVIDER/MODEL），得到的是 %2</translation>
    </message>
    <message>
        <source>%1 expects PROVIDER/MODEL, e.g. OpenAI/gpt-5-mini (got %2)</source>
        <translation>%1 需要 服务商/模型（PROVIDER/MODEL），例如 OpenAI/gpt-5-mini（得到的是 %2）</translation>
    </message>
    <message>
        <source>%1 expects a language name, got %2</source>
        <translation>%1 需要一个语言名称，得到的是 %2</translation>
    </message>
    <message>
        <source>%1 expects a language name of at most %2 letters, e.g. Japanese (got %3)</source>
        <translation>%1 需要一个不超过 %2 个字母的语言名称，例如 Japanese（得到的是 %3）</translation>
    </message>
    <message>
        <source>Largest reply</source>
        <translation>回复大小上限</translation>
    </message>
    <message>
        <source>unknown setting %1; known: %2</source>
        <translation>未知设置 %1；已知的有：%2</translation>
    </message>
    <message>
        <source>an avatar is one emoji or up to %1 letters, not %2 characters</source>
        <translation>头像是一个表情符号或最多 %1 个字母，而不是 %2 个字符</translation>
    </message>
    <message>
        <source>an avatar is one emoji or up to %1 letters</source>
        <translation>头像是一个表情符号或最多 %1 个字母</translation>
    </message>
    <message>
        <source>an avatar is one emoji or up to 2 letters; spaces, punctuation and control characters cannot be shown</source>
        <translation>头像是一个表情符号或最多 2 个字母；无法显示空格、标点和控制字符</translation>
    </message>
    <message>
        <source>an avatar is one emoji, not several</source>
        <translation>头像只能是一个表情符号，不能是多个</translation>
    </message>
    <message>
        <source>the OS keyring</source>
        <translation>系统钥匙串</translation>
    </message>
    <message>
        <source>the key file %1</source>
        <translation>密钥文件 %1</translation>
    </message>
    <message>
        <source>Create an assistant first: imported conversations become its topics (Assistant → New…).</source>
        <translation>请先创建一个助手：导入的对话会成为它的话题（助手 → 新建…）。</translation>
    </message>
    <message>
        <source>card #%1 [%2] changed in the meantime; nothing was changed</source>
        <translation>卡片 #%1 [%2] 在此期间已被更改；未做任何更改</translation>
    </message>
    <message>
        <source>This message alone is longer than the model&apos;s context window (%1 tokens &gt; %2)</source>
        <translation>仅这条消息就超过了模型的上下文窗口（%1 token &gt; %2）</translation>
    </message>
    <message>
        <source>This message alone is longer than the model&apos;s input budget (%1 tokens &gt; %2, the context window less the reply reserve)</source>
        <translation>仅这条消息就超过了模型的输入预算（%1 token &gt; %2，即上下文窗口减去回复预留）</translation>
    </message>
    <message>
        <source>the chat model cannot be used: %1</source>
        <translation>无法使用对话模型：%1</translation>
    </message>
    <message>
        <source>the chat model stopped at its token limit before completing one sentence of the summary</source>
        <translation>对话模型在写完摘要的一句话之前就达到了令牌上限</translation>
    </message>
    <message>
        <source>the chat model returned an empty summary</source>
        <translation>对话模型返回了空摘要</translation>
    </message>
    <message>
        <source>the chat model did not answer within %1 s</source>
        <translation>对话模型未在 %1 秒内回应</translation>
    </message>
    <message>
        <source>the chat model rejected the batch as too long for its context window: %1</source>
        <translation>对话模型以超出上下文窗口为由拒绝了这批内容：%1</translation>
    </message>
    <message>
        <source>the chat model failed: %1</source>
        <translation>对话模型出错：%1</translation>
    </message>
    <message>
        <source>the chat model request failed: %1</source>
        <translation>对话模型请求失败：%1</translation>
    </message>
    <message>
        <source>the chat model answered with a tool call instead of text</source>
        <translation>对话模型用工具调用而不是文本作答</translation>
    </message>
    <message>
        <source>the chat model answered with reasoning only, no text</source>
        <translation>对话模型只给出了推理，没有文本</translation>
    </message>
    <message>
        <source>The threshold compaction buffer (%1 tokens) is not smaller than the model&apos;s context window (%2), which leaves no room for a request: lower compact-buffer-tokens (Settings → System Agent) or COMPACT_BUFFER_TOKENS.</source>
        <translation>阈值压缩的缓冲区（%1 个令牌）不小于模型的上下文窗口（%2），请求已没有空间：请调低 compact-buffer-tokens（设置 → 系统代理）或 COMPACT_BUFFER_TOKENS。</translation>
    </message>
    <message>
        <source>the model stopped at its token limit before completing one sentence</source>
        <translation>模型在写完一句话之前就达到了令牌上限</translation>
    </message>
    <message>
        <source>the model returned an empty summary</source>
        <translation>模型返回了空摘要</translation>
    </message>
    <message>
        <source>threshold compaction failed: %1</source>
        <translation>阈值压缩失败：%1</translation>
    </message>
    <message>
        <source>summarized %1 older messages with the chat model</source>
        <translation>已用对话模型总结了 %1 条较早的消息</translation>
    </message>
    <message>
        <source>your system keyring (%1)</source>
        <translation>系统钥匙串（%1）</translation>
    </message>
    <message>
        <source>your system keyring</source>
        <translation>系统钥匙串</translation>
    </message>
    <message>
        <source>In %1, in a file only you can read, or in environment variables you name.</source>
        <translation>保存在%1、只有你能读取的文件或你指定的环境变量中。</translation>
    </message>
    <message>
        <source>In a file only you can read, or in environment variables you name: %1.</source>
        <translation>保存在只有你能读取的文件或你指定的环境变量中：%1。</translation>
    </message>
    <message>
        <source>Your system keyring (%1)</source>
        <translation>系统钥匙串（%1）</translation>
    </message>
    <message>
        <source>Your system keyring</source>
        <translation>系统钥匙串</translation>
    </message>
    <message>
        <source>file %1 (only you can read it; not encrypted)</source>
        <translation>文件 %1（只有你能读取；未加密）</translation>
    </message>
    <message>
        <source>key file</source>
        <translation>密钥文件</translation>
    </message>
    <message>
        <source>environment variable %1</source>
        <translation>环境变量 %1</translation>
    </message>
    <message>
        <source>no key</source>
        <translation>无密钥</translation>
    </message>
    <message>
        <source>only the topic&apos;s newest reply can be continued, and only when it stopped at the length limit and has not changed since</source>
        <translation>只有话题中最新的回复可以继续生成，且仅限它在长度上限处停止并且此后未被更改</translation>
    </message>
    <message>
        <source>this reply is covered by the topic summary, so it can&apos;t be continued; regenerate it instead</source>
        <translation>这条回复已被话题摘要涵盖，无法继续生成；请改为重新生成</translation>
    </message>
    <message>
        <source>who wrote each entry (you, the assistant or a dream): unchanged for %1</source>
        <translation>每条记忆由谁写下（你、助手或做梦）：%1不变</translation>
    </message>
    <message>
        <source>who wrote each entry: unchanged for the entries there; an added entry counts as written by you</source>
        <translation>每条记忆由谁写下：现有条目不变；新增的条目记为由你写下</translation>
    </message>
    <message>
        <source>who wrote each entry: unchanged for the entries there; an added entry keeps what the file says</source>
        <translation>每条记忆由谁写下：现有条目不变；新增的条目沿用文件中的记录</translation>
    </message>
    <message>
        <source>who wrote each entry (you, the assistant or a dream): unchanged for %1, changed or removed for %2, first recorded for %3</source>
        <translation>每条记忆由谁写下（你、助手或做梦）：%1不变，%2更改或删除，%3首次记录</translation>
    </message>
    <message>
        <source>fixed memory: %1 now, none removed; the file&apos;s entries: %2 new, %3 already in memory, %4 nearly repeating an entry or covered by one</source>
        <translation>固定记忆：现有 %1，不删除任何条目；文件中的条目：新的 %2 条，已在记忆中 %3 条，与某条几乎重复或已被其包含 %4 条</translation>
    </message>
    <message>
        <source>fixed memory #%1</source>
        <translation>固定记忆 #%1</translation>
    </message>
    <message>
        <source>card #%1</source>
        <translation>梦境卡片 #%1</translation>
    </message>
    <message>
        <source>“%1” above</source>
        <translation>上方的“%1”</translation>
    </message>
    <message>
        <source>fixed memory #%1 “%2”</source>
        <translation>固定记忆 #%1“%2”</translation>
    </message>
    <message>
        <source>card #%1 “%2”</source>
        <translation>梦境卡片 #%1“%2”</translation>
    </message>
    <message>
        <source> (paused)</source>
        <translation>（已暂停）</translation>
    </message>
    <message>
        <source>a memory file is JSON or Markdown saved as UTF-8, or as UTF-16 with a byte-order mark</source>
        <translation>记忆文件是以 UTF-8 或带字节顺序标记（BOM）的 UTF-16 保存的 JSON 或 Markdown</translation>
    </message>
    <message>
        <source>the file is UTF-32 text; %1</source>
        <translation>文件是 UTF-32 文本；%1</translation>
    </message>
    <message>
        <source>the file looks like UTF-16 text without a byte-order mark; %1</source>
        <translation>文件看起来是不带字节顺序标记（BOM）的 UTF-16 文本；%1</translation>
    </message>
    <message>
        <source>the file is not UTF-8 text (byte %1 at offset %2); %3</source>
        <translation>文件不是 UTF-8 文本（偏移 %2 处的字节 %1）；%3</translation>
    </message>
    <message>
        <source>cannot check %1: the process that reads it stopped (%2); nothing was changed</source>
        <translation>无法检查 %1：读取它的进程已停止（%2）；未做任何更改</translation>
    </message>
</context>
<context>
    <name>SettingsPage</name>
    <message>
        <source>Providers</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>System Agent</source>
        <translation>系统代理</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>外观</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Settings sections</source>
        <translation>设置分区</translation>
    </message>
    <message>
        <source>Settings → %1</source>
        <translation>设置 → %1</translation>
    </message>
    <message>
        <source>Look</source>
        <translation>外观</translation>
    </message>
    <message>
        <source>Language and typing</source>
        <translation>语言与输入</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>Light or dark; System follows your computer&apos;s setting.</source>
        <translation>浅色或深色；“系统”跟随电脑的设置。</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>The conversation and the message box; Ctrl+minus and Ctrl+plus change it too.</source>
        <translation>对话和消息框的文字；也可用 Ctrl+减号和 Ctrl+加号调整。</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The language of menus and pages; what the model reads stays as it is.</source>
        <translation>菜单和页面的语言；模型读到的内容不变。</translation>
    </message>
    <message>
        <source>Send key</source>
        <translation>发送键</translation>
    </message>
    <message>
        <source>The key that sends a message; the other one starts a new line.</source>
        <translation>用于发送消息的键；另一个用于换行。</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <source>Ctrl+Enter</source>
        <translation>Ctrl+Enter</translation>
    </message>
    <message>
        <source>Text size</source>
        <translation>文字大小</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
</context>
<context>
    <name>SetupWizard</name>
    <message>
        <source>Welcome</source>
        <translation>欢迎</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>Summaries</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>History</source>
        <translation>聊天记录</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation>第 %1 步，共 %2 步：%3</translation>
    </message>
    <message>
        <source>&lt;p&gt;ChatHub Desktop talks to language models with &lt;b&gt;your own API keys&lt;/b&gt;. Your conversations and what your assistants remember stay in a database on this computer; keys stay in the system keyring, in a file only you can read, or in environment variables.&lt;/p&gt;</source>
        <translation>&lt;p&gt;ChatHub Desktop 使用&lt;b&gt;你自己的 API 密钥&lt;/b&gt;与语言模型对话。你的对话和助手记住的内容都保存在这台电脑上的数据库里；密钥保存在系统钥匙串、只有你能读取的文件或环境变量中。&lt;/p&gt;</translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;After this page, %n short step(s): a provider, an assistant, the model that writes summaries, and, if you like, your ChatGPT history. Skip any of them; &lt;b&gt;⋯ → Help → Setup…&lt;/b&gt; (bottom left) brings this back.&lt;/p&gt;</source>
        <translation><numerusform>&lt;p&gt;本页之后还有 %n 个简短步骤：一个服务商、一个助手、撰写摘要的模型，以及（如果你愿意）你的 ChatGPT 聊天记录。每一步都可以跳过；&lt;b&gt;⋯ → 帮助 → 设置向导…&lt;/b&gt;（左下角）可以重新打开这里。&lt;/p&gt;</numerusform></translation>
    </message>
    <message>
        <source>An assistant named “%1” already exists — choose another name.</source>
        <translation>已有名为“%1”的助手——请换一个名字。</translation>
    </message>
    <message>
        <source>where your models run, with your key</source>
        <translation>你的模型在哪里运行，使用你的密钥</translation>
    </message>
    <message>
        <source>a name, a model and instructions</source>
        <translation>名称、模型和指令</translation>
    </message>
    <message>
        <source>the model that condenses long topics</source>
        <translation>压缩长话题的模型</translation>
    </message>
    <message>
        <source>your ChatGPT chats and a memory file, if you like</source>
        <translation>你的 ChatGPT 对话和记忆文件（可选）</translation>
    </message>
    <message>
        <source>No provider yet. Pick one below; its form opens filled in.</source>
        <translation>还没有服务商。请在下方选择一个，表单会自动填好。</translation>
    </message>
    <message>
        <source>Provider presets</source>
        <translation>服务商预设</translation>
    </message>
    <message>
        <source>Fills in the kind and base URL; change anything in the form</source>
        <translation>填入类型和基础 URL；可在表单中修改任何内容</translation>
    </message>
    <message>
        <source>A base URL you type</source>
        <translation>由你输入的基础 URL</translation>
    </message>
    <message>
        <source>Add a provider</source>
        <translation>添加服务商</translation>
    </message>
    <message>
        <source>A provider runs the models you chat with: OpenAI, Anthropic, OpenRouter, DeepSeek, or a local server such as Ollama.</source>
        <translation>服务商运行与你对话的模型：OpenAI、Anthropic、OpenRouter、DeepSeek，或 Ollama 等本地服务器。</translation>
    </message>
    <message>
        <source>Configured providers</source>
        <translation>已配置的服务商</translation>
    </message>
    <message>
        <source>Your providers</source>
        <translation>你的服务商</translation>
    </message>
    <message>
        <source>Presets</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>&amp;Add provider…</source>
        <translation>添加服务商…</translation>
    </message>
    <message>
        <source>Name, kind, base URL and where the key comes from, filled from the preset</source>
        <translation>名称、类型、基础 URL 和密钥来源，均按预设填好</translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>Ask the selected provider for its models with its key</source>
        <translation>用密钥向所选服务商查询其模型</translation>
    </message>
    <message>
        <source>%1 runs on your computer and needs no key; start it before Test connection.</source>
        <translation>%1 在你的电脑上运行，不需要密钥；请先启动它再测试连接。</translation>
    </message>
    <message>
        <source>Get a key at &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt;, then paste it in the form.</source>
        <translation>在 &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; 获取密钥，然后粘贴到表单中。</translation>
    </message>
    <message>
        <source>Type your provider&apos;s base URL in the form; its documentation says where keys are made.</source>
        <translation>在表单中输入服务商的基础 URL；它的文档会说明在哪里创建密钥。</translation>
    </message>
    <message>
        <source>✓ %1 saved without a model list; its model: %2</source>
        <translation>✓ %1 已在没有模型列表的情况下保存；它的模型：%2</translation>
    </message>
    <message>
        <source>Asking %1 for its models…</source>
        <translation>正在向 %1 查询模型…</translation>
    </message>
    <message>
        <source>Create an assistant</source>
        <translation>创建助手</translation>
    </message>
    <message>
        <source>An assistant has a model, instructions and its own memory. You can add more later.</source>
        <translation>助手有自己的模型、指令和记忆。之后还可以添加更多。</translation>
    </message>
    <message>
        <source>The tested provider&apos;s models come first; you may type any model id</source>
        <translation>已测试服务商的模型排在前面；也可以输入任意模型 ID</translation>
    </message>
    <message>
        <source>Optional, e.g. “Answer briefly; use metric units.”</source>
        <translation>可选，例如“回答简短；使用公制单位。”</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>&amp;Provider:</source>
        <translation>服务商：</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>&amp;Instructions:</source>
        <translation>指令：</translation>
    </message>
    <message>
        <source>A smaller model is usually quicker and cheaper for summaries. The chat model works too, but when it is busy, summaries can fail.</source>
        <translation>较小的模型写摘要通常更快也更便宜。对话模型也可以，但它繁忙时摘要可能失败。</translation>
    </message>
    <message>
        <source>Each night this model reads the day&apos;s conversations and notes how you like to work, as a card in the assistant&apos;s memory. The Memory page changes the time or turns it off.</source>
        <translation>每晚由此模型阅读当天的对话，把你喜欢的工作方式记成助手记忆中的一张卡片。可在记忆页面更改时间或关闭。</translation>
    </message>
    <message>
        <source>&amp;Dream every night at %1 UTC</source>
        <translation>每晚 %1 UTC 做梦</translation>
    </message>
    <message>
        <source>&amp;Dream every night at %1 (%2 UTC)</source>
        <translation>每晚 %1（%2 UTC）做梦</translation>
    </message>
    <message>
        <source>Choose the model that writes summaries</source>
        <translation>选择撰写摘要的模型</translation>
    </message>
    <message>
        <source>The History Compress model summarizes long topics and writes memory dream cards. Settings → System Agent changes it later.</source>
        <translation>History Compress 模型负责总结长话题并撰写梦境卡片。之后可在 设置 → 系统代理 中更改。</translation>
    </message>
    <message>
        <source>The provider&apos;s own models come first; you may type any model id</source>
        <translation>服务商自己的模型排在前面；也可以输入任意模型 ID</translation>
    </message>
    <message>
        <source>History Compress &amp;model:</source>
        <translation>History Co&amp;mpress 模型：</translation>
    </message>
    <message>
        <source>Bring your history (optional)</source>
        <translation>导入聊天记录（可选）</translation>
    </message>
    <message>
        <source>Your earlier chats and an assistant&apos;s memory, if you have them.</source>
        <translation>你以前的对话和助手的记忆（如果有的话）。</translation>
    </message>
    <message>
        <source>ChatGPT → Settings → Data controls → Export data sends you a zip. Each conversation in it becomes a topic of your assistant; nothing is uploaded anywhere.</source>
        <translation>ChatGPT → 设置 → 数据管控 → 导出数据 会给你发送一个 zip 文件。其中每个对话都会成为你助手的一个话题；不会上传到任何地方。</translation>
    </message>
    <message>
        <source>&amp;Import a ChatGPT export when the setup closes</source>
        <translation>设置完成后导入 ChatGPT 导出文件</translation>
    </message>
    <message>
        <source>An assistant&apos;s memory exported from ChatHub (JSON or Markdown) can become this assistant&apos;s memory; you see what changes before it is written.</source>
        <translation>从 ChatHub 导出的助手记忆（JSON 或 Markdown）可以成为这个助手的记忆；写入前你会看到有哪些变化。</translation>
    </message>
    <message>
        <source>Import a &amp;memory file into the new assistant</source>
        <translation>将记忆文件导入新助手</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Skip setup</source>
        <translation>跳过设置</translation>
    </message>
    <message>
        <source>Set up ChatHub Desktop</source>
        <translation>设置 ChatHub Desktop</translation>
    </message>
    <message>
        <source>Welcome to ChatHub Desktop</source>
        <translation>欢迎使用 ChatHub Desktop</translation>
    </message>
    <message>
        <source>Set up in about a minute.</source>
        <translation>大约一分钟即可完成设置。</translation>
    </message>
    <message>
        <source>Close; ⋯ → Help → Setup… (bottom left) brings it back</source>
        <translation>关闭；⋯ → 帮助 → 设置向导…（左下角）可重新打开</translation>
    </message>
</context>
<context>
    <name>StatusLine</name>
    <message>
        <source>Show the whole message</source>
        <translation>显示完整消息</translation>
    </message>
</context>
<context>
    <name>StoragePage</name>
    <message>
        <source>SQLite — a single file on this computer</source>
        <translation>SQLite——这台电脑上的一个文件</translation>
    </message>
    <message>
        <source>PostgreSQL — a shared database server; other computers can use the same store</source>
        <translation>PostgreSQL——共享的数据库服务器；其他电脑也可以使用同一个存储</translation>
    </message>
    <message>
        <source>default database</source>
        <translation>默认数据库</translation>
    </message>
    <message>
        <source>“%1” on %2</source>
        <translation>%2 上的“%1”</translation>
    </message>
    <message>
        <source>Your topics, assistants and memory are kept in this store.</source>
        <translation>你的话题、助手和记忆都保存在这个存储中。</translation>
    </message>
    <message>
        <source>Show in folder</source>
        <translation>在文件夹中显示</translation>
    </message>
    <message>
        <source>Open the folder that holds the store in the file manager</source>
        <translation>在文件管理器中打开存放该存储的文件夹</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>The store&apos;s files on disk, with their journal.</source>
        <translation>存储在磁盘上的文件，包括其日志。</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>Changes made elsewhere — the command line, cron, another window — show here within about a second.</source>
        <translation>在别处所做的更改——命令行、cron、另一个窗口——大约一秒内会显示在这里。</translation>
    </message>
    <message>
        <source>Changes made elsewhere — the command line, cron, another window, another computer — show here within about a second.</source>
        <translation>在别处所做的更改——命令行、cron、另一个窗口、另一台电脑——大约一秒内会显示在这里。</translation>
    </message>
    <message>
        <source>Advanced: the database URL and moving the store</source>
        <translation>高级：数据库 URL 和迁移存储</translation>
    </message>
    <message>
        <source>Database URL</source>
        <translation>数据库 URL</translation>
    </message>
    <message>
        <source>Move to another store</source>
        <translation>迁移到另一个存储</translation>
    </message>
    <message>
        <source>1. Quit ChatHub (and stop &lt;code&gt;dream serve&lt;/code&gt;, if you run it).&lt;br&gt;2. Copy everything into a new, empty database (it refuses one that holds data, checks every row count and memory checksum, and writes nothing if anything fails):</source>
        <translation>1. 退出 ChatHub（如果运行了 &lt;code&gt;dream serve&lt;/code&gt;，也将其停止）。&lt;br&gt;2. 将所有内容复制到一个新的空数据库（它会拒绝已有数据的数据库，核对每个行数和记忆校验和，任何一步失败都不会写入）：</translation>
    </message>
    <message>
        <source>(*** stands for the password, which is never shown here.)</source>
        <translation>（*** 代表密码，这里从不显示密码。）</translation>
    </message>
    <message>
        <source>3. Start ChatHub with &lt;code&gt;--database-url NEW_URL&lt;/code&gt;, or set &lt;code&gt;CHATHUB_DATABASE_URL=NEW_URL&lt;/code&gt; for the app, the commands and the dream service.</source>
        <translation>3. 使用 &lt;code&gt;--database-url NEW_URL&lt;/code&gt; 启动 ChatHub，或为应用、命令行和做梦服务设置 &lt;code&gt;CHATHUB_DATABASE_URL=NEW_URL&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>Copy command</source>
        <translation>复制命令</translation>
    </message>
    <message>
        <source>Copy the db copy command; replace the target URL with yours</source>
        <translation>复制 db copy 命令；把目标 URL 换成你自己的</translation>
    </message>
</context>
<context>
    <name>SummarizerChoice</name>
    <message>
        <source>Choose History Compress model…</source>
        <translation>选择 History Compress 模型…</translation>
    </message>
    <message>
        <source>No History Compress model is chosen, so nothing can be summarized. Choose one in Settings → System Agent.</source>
        <translation>尚未选择 History Compress 模型，因此无法生成摘要。请在 设置 → 系统代理 中选择。</translation>
    </message>
    <message>
        <source>None of your providers serves the History Compress model (the model that writes summaries): “%1”. Choose one in Settings → System Agent.</source>
        <translation>你的服务商都不提供 History Compress 模型（撰写摘要的模型）：“%1”。请在 设置 → 系统代理 中选择。</translation>
    </message>
    <message>
        <source>None of your providers serves the History Compress model (the model that writes summaries). Choose one in Settings → System Agent.</source>
        <translation>你的服务商都不提供 History Compress 模型（撰写摘要的模型）。请在 设置 → 系统代理 中选择。</translation>
    </message>
    <message>
        <source>Can&apos;t summarize: no provider serves “%1”</source>
        <translation>无法生成摘要：没有服务商提供“%1”</translation>
    </message>
    <message>
        <source>Can&apos;t summarize: no History Compress model</source>
        <translation>无法生成摘要：没有 History Compress 模型</translation>
    </message>
    <message>
        <source>Open Settings → System Agent to pick the model that writes summaries</source>
        <translation>打开 设置 → 系统代理，选择撰写摘要的模型</translation>
    </message>
</context>
<context>
    <name>SummaryDialog</name>
    <message>
        <source>Compact now</source>
        <translation>立即压缩</translation>
    </message>
    <message>
        <source>Token auto-compact</source>
        <translation>按令牌自动压缩</translation>
    </message>
    <message>
        <source>History limit</source>
        <translation>历史限制</translation>
    </message>
    <message>
        <source>Overflow rescue</source>
        <translation>溢出救援</translation>
    </message>
    <message>
        <source>compacted</source>
        <translation>已压缩</translation>
    </message>
    <message>
        <source>nothing eligible</source>
        <translation>没有可压缩的内容</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>could not reach the target</source>
        <translation>未能达到目标</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Trigger</source>
        <translation>触发</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>High / low</source>
        <translation>高 / 低</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>之前</translation>
    </message>
    <message>
        <source>After</source>
        <translation>之后</translation>
    </message>
    <message>
        <source>Through #</source>
        <translation>截至 #</translation>
    </message>
    <message>
        <source>Batches</source>
        <translation>批次</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;No summary yet.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;This topic has no rolling summary: nothing has been compacted, or an edit to a covered message cleared it. &lt;b&gt;Compact now&lt;/b&gt; (Ctrl+Shift+K) summarizes the completed turns before your latest message with the History Compress model; every original message stays in the topic.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;还没有摘要。&lt;/b&gt;&lt;/p&gt;&lt;p&gt;此话题没有滚动摘要：尚未压缩过任何内容，或者对被涵盖消息的编辑清除了它。&lt;b&gt;立即压缩&lt;/b&gt;（Ctrl+Shift+K）会用 History Compress 模型总结你最新消息之前已完成的轮次；每条原始消息都保留在话题中。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Copied to the clipboard.</source>
        <translation>已复制到剪贴板。</translation>
    </message>
    <message>
        <source>There is no summary to export.</source>
        <translation>没有可导出的摘要。</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>导出失败：%1</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>已导出到 %1</translation>
    </message>
    <message>
        <source>unknown time</source>
        <translation>未知时间</translation>
    </message>
    <message>
        <source> · %1 runs this turn, the first at %2</source>
        <translation> · 本轮运行了 %1 次，第一次在 %2</translation>
    </message>
    <message>
        <source>Topic summary — %1</source>
        <translation>话题摘要 — %1</translation>
    </message>
    <message>
        <source>Topic summary</source>
        <translation>话题摘要</translation>
    </message>
    <message>
        <source>&amp;Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>What the model keeps of this topic&apos;s older messages; it is sent in their place</source>
        <translation>模型为此话题较早的消息保留的内容；发送时代替这些消息</translation>
    </message>
    <message>
        <source>An excerpt of each summary as it was written, newest first</source>
        <translation>每份摘要写成时的节选，最新的在前</translation>
    </message>
    <message>
        <source>&amp;Quality check</source>
        <translation>质量检查</translation>
    </message>
    <message>
        <source>Ask the model questions about the covered messages and see which ones the summary can no longer answer</source>
        <translation>就摘要涵盖的消息向模型提问，看看摘要已无法回答哪些问题</translation>
    </message>
    <message>
        <source>One row per compaction run, newest first (the last 20 are kept); estimates are next-request tokens. Hover a row for its full details.</source>
        <translation>每次压缩运行一行，最新的在前（保留最近 20 次）；估计值是下一次请求的令牌数。将鼠标悬停在某行上可查看完整详情。</translation>
    </message>
    <message>
        <source>Each compaction run: when and why it ran, what it did and the tokens before and after</source>
        <translation>每次压缩运行：何时、为何运行，做了什么，以及前后的 token 数</translation>
    </message>
    <message>
        <source>The last summary was cleared because a message it covered was edited or deleted; the next compaction rebuilds it. How it was made keeps the earlier runs.</source>
        <translation>上一份摘要已被清除，因为它涵盖的一条消息被编辑或删除；下一次压缩会重建它。“生成过程”选项卡保留了之前的运行记录。</translation>
    </message>
    <message>
        <source>No summary for this topic. Last run: %1 (see How it was made).</source>
        <translation>此话题没有摘要。上次运行：%1（见“生成过程”）。</translation>
    </message>
    <message>
        <source>How it was &amp;made (%1)</source>
        <translation>生成过程（%1）</translation>
    </message>
    <message>
        <source>Summary &amp;history (%1)</source>
        <translation>摘要历史（%1）</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the summary text to the clipboard</source>
        <translation>将摘要文本复制到剪贴板</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Save the summary as a Markdown file (with its model and coverage)</source>
        <translation>将摘要保存为 Markdown 文件（包括其模型和涵盖范围）</translation>
    </message>
    <message>
        <source>No summary for this topic, and no compaction has run yet.</source>
        <translation>此话题没有摘要，也尚未运行过压缩。</translation>
    </message>
    <message>
        <source>an unknown model</source>
        <translation>未知模型</translation>
    </message>
    <message>
        <source>Written by %1</source>
        <translation>由 %1 撰写</translation>
    </message>
    <message>
        <source>, &lt;b&gt;edited by you&lt;/b&gt; (compactions merge into it)</source>
        <translation>，&lt;b&gt;已由你编辑&lt;/b&gt;（压缩会合并到其中）</translation>
    </message>
    <message>
        <source>updated %1</source>
        <translation>更新于 %1</translation>
    </message>
    <message>
        <source>covers messages up to %1</source>
        <translation>涵盖至消息 %1</translation>
    </message>
    <message>
        <source>you</source>
        <translation>你</translation>
    </message>
    <message>
        <source> (reason: %1)</source>
        <translation>（原因：%1）</translation>
    </message>
    <message>
        <source>
Input budget: %1 tokens</source>
        <translation>
输入预算：%1 个令牌</translation>
    </message>
    <message>
        <source>Automatic compaction is paused after %1 failures until %2; Compact now still works.</source>
        <translation>自动压缩在 %1 次失败后暂停，直到 %2；立即压缩仍然可用。</translation>
    </message>
    <message>
        <source>No archive excerpts (Settings → System Agent turns them on).</source>
        <translation>没有存档摘录（在 设置 → 系统代理 中开启）。</translation>
    </message>
    <message>
        <source>Export topic summary</source>
        <translation>导出话题摘要</translation>
    </message>
    <message>
        <source>E&amp;dit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>Write the summary yourself: it is marked as edited and later compactions add to it instead of rewriting it</source>
        <translation>自己撰写摘要：它会被标记为已编辑，之后的压缩会在其上添加内容，而不是重写它</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Saved: later compactions merge new turns into your summary</source>
        <translation>已保存：之后的压缩会把新轮次合并到你的摘要中</translation>
    </message>
</context>
<context>
    <name>SystemAgentPage</name>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Topic naming&lt;/b&gt;: the model that writes a short title for a new topic from its first message, after its first reply. &lt;b&gt;The chat&apos;s own model&lt;/b&gt; (the default) lets the topic&apos;s model write it, as ChatGPT and Claude do. The first words of the message stay the title when the model fails, and always with &lt;code&gt;chathub-desktop settings set topic-naming off&lt;/code&gt;.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;话题命名&lt;/b&gt;：在新话题第一次回复之后，根据其第一条消息写一个简短标题的模型。&lt;b&gt;对话自身的模型&lt;/b&gt;（默认）让话题的模型来写，就像 ChatGPT 和 Claude 那样。模型失败时，以及设置了 &lt;code&gt;chathub-desktop settings set topic-naming off&lt;/code&gt; 时，标题保持为消息的开头几个字。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Threshold compaction&lt;/b&gt; is a second, simpler policy (as in Numi Chat). When on, it replaces the watermark triggers of Chat Preference: before each send it estimates the request (about one token per three characters, 4,096 per image) and, when that is above the model&apos;s context window minus the &lt;b&gt;buffer&lt;/b&gt;, asks the &lt;i&gt;chat model itself&lt;/i&gt; to summarize the older complete turns. The request then carries the summary, a short acknowledgement and the most recent turns (at least &lt;b&gt;keep recent&lt;/b&gt; messages, moved back to a user message so turns stay whole). After &lt;b&gt;max failures&lt;/b&gt; failed summaries it pauses for five minutes. The COMPACT_ENABLED, COMPACT_BUFFER_TOKENS, COMPACT_KEEP_RECENT, COMPACT_MAX_FAILURES and DISABLE_AUTO_COMPACT environment variables override these fields. Messages are never deleted.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;阈值压缩&lt;/b&gt;是第二种更简单的策略（同 Numi Chat）。开启后，它取代对话偏好中的水位线触发：每次发送前估算请求大小（约每三个字符一个令牌，每张图片 4,096 个），当超过模型的上下文窗口减去&lt;b&gt;缓冲&lt;/b&gt;时，让&lt;i&gt;对话模型本身&lt;/i&gt;总结较早的完整轮次。随后请求携带摘要、一句简短确认和最近的轮次（至少&lt;b&gt;保留最近&lt;/b&gt;条消息，并回退到一条用户消息，使轮次保持完整）。连续&lt;b&gt;最大失败次数&lt;/b&gt;次摘要失败后，会暂停五分钟。环境变量 COMPACT_ENABLED、COMPACT_BUFFER_TOKENS、COMPACT_KEEP_RECENT、COMPACT_MAX_FAILURES 和 DISABLE_AUTO_COMPACT 会覆盖这些字段。消息从不删除。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;When on, short excerpts of earlier summary snapshots are kept and sent under the topic summary, so details a later merge dropped are not lost entirely. Identical snapshots are stored once; an excerpt whose time cannot be read is kept marked “unknown time”. They count towards the token estimate.&lt;/p&gt;</source>
        <translation>&lt;p&gt;开启后，会保留较早摘要快照的简短摘录，并附在话题摘要之下发送，使后来合并时丢掉的细节不至于完全丢失。相同的快照只保存一次；读不出时间的摘录会标记为“时间未知”并保留。它们计入令牌估算。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>your model card</source>
        <translation>你的模型卡片</translation>
    </message>
    <message>
        <source>reported by the provider</source>
        <translation>由服务商报告</translation>
    </message>
    <message>
        <source>the bundled catalog</source>
        <translation>内置目录</translation>
    </message>
    <message>
        <source>no model card: the provider&apos;s fallback</source>
        <translation>没有模型卡片：服务商的后备值</translation>
    </message>
    <message>
        <source>Not usable yet: %1. Pick a provider and model above (or add a provider on the Providers page).</source>
        <translation>暂不可用：%1。请在上方选择服务商和模型（或在“服务商”页面添加服务商）。</translation>
    </message>
    <message>
        <source>; batches sized for %1</source>
        <translation>；按 %1 划分批次</translation>
    </message>
    <message>
        <source>In use: %1 · context window %2 tokens (%3%4)</source>
        <translation>使用中：%1 · 上下文窗口 %2 个令牌（%3%4）</translation>
    </message>
    <message>
        <source>The conversation&apos;s own</source>
        <translation>与对话相同</translation>
    </message>
    <message>
        <source>English</source>
        <translation>英语</translation>
    </message>
    <message>
        <source>Simplified Chinese</source>
        <translation>简体中文</translation>
    </message>
    <message>
        <source>Japanese</source>
        <translation>日语</translation>
    </message>
    <message>
        <source>The models ChatHub uses for its own work, apart from the ones your assistants chat with.</source>
        <translation>ChatHub 自身工作所用的模型，与你的助手对话所用的模型分开。</translation>
    </message>
    <message>
        <source>First OpenAI provider</source>
        <translation>第一个 OpenAI 服务商</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>Use %1 on the first OpenAI provider</source>
        <translation>使用第一个 OpenAI 服务商上的 %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;History Compress&lt;/b&gt; is the model that writes topic summaries (Compact now, token auto-compact, summarizing dropped history, overflow rescue) and folds memory dream cards. It is &lt;b&gt;a separate setting&lt;/b&gt; from the chat model: it may be the chat model you talk to, but a small fast model is better (a busy chat model makes summaries fail). Default: &lt;code&gt;gpt-5-mini&lt;/code&gt; on your first OpenAI provider.&lt;/p&gt;&lt;p&gt;Its context window comes from its model card (Settings → model cards, else the built-in catalog), so an 8k custom model is treated as 8k: batches stay under about half of that window. Pick a fast, capable model; thinking is switched off where the vendor allows it.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;历史压缩&lt;/b&gt;模型负责撰写话题摘要（立即压缩、按令牌自动压缩、总结被丢弃的历史、溢出救援）并合并梦境卡片。它是与对话模型&lt;b&gt;分开的一项设置&lt;/b&gt;：可以就用你对话的模型，但小而快的模型更好（对话模型繁忙时摘要会失败）。默认：你的第一个 OpenAI 服务商上的 &lt;code&gt;gpt-5-mini&lt;/code&gt;。&lt;/p&gt;&lt;p&gt;它的上下文窗口来自其模型卡片（设置 → 模型卡片，否则使用内置目录），因此 8k 的自定义模型就按 8k 处理：每批内容保持在该窗口的一半左右以内。请选择快速、能力足够的模型；在服务商允许时会关闭思考。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The summarizer: a separate setting; it may be the chat model, but a small fast model is better. Its context window comes from its model card.</source>
        <translation>摘要模型：一项单独的设置；可以是对话模型，但小而快的模型更好。它的上下文窗口来自其模型卡片。</translation>
    </message>
    <message>
        <source>The History Compress model writes topic summaries and folds dream cards. A separate setting: it may be your chat model, but a small fast model is better.</source>
        <translation>History Compress 模型撰写话题摘要并合并梦境卡片。这是一项单独的设置：可以是你的对话模型，但小而快的模型更好。</translation>
    </message>
    <message>
        <source>Send short excerpts of earlier topic summaries under the current one</source>
        <translation>在当前摘要之下发送较早话题摘要的简短摘录</translation>
    </message>
    <message>
        <source>Sends short excerpts of earlier summaries with the current one, so details a later merge dropped are not lost.</source>
        <translation>随当前摘要一起发送较早摘要的简短摘录，使后来合并时丢掉的细节不会丢失。</translation>
    </message>
    <message>
        <source>The language the History Compress model writes summaries and dream cards in. The interface language never changes what a model reads; only this does.</source>
        <translation>History Compress 模型撰写摘要和梦境卡片所用的语言。界面语言从不改变模型读到的内容，只有这一项会。</translation>
    </message>
    <message>
        <source>The chat&apos;s own model</source>
        <translation>对话自身的模型</translation>
    </message>
    <message>
        <source>Writes a short title for each new topic after its first reply; until then it shows the first words.</source>
        <translation>在每个新话题第一次回复后为其写一个简短标题；在此之前显示开头几个字。</translation>
    </message>
    <message>
        <source>Off by default. When on, the chat model summarizes older turns once a request passes the context window minus the buffer</source>
        <translation>默认关闭。开启后，一旦请求超过上下文窗口减去缓冲，对话模型就会总结较早的轮次</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> 个令牌</translation>
    </message>
    <message>
        <source>Room kept below the context window for the reply and estimation error (default %1). Smaller: compacts later; larger: earlier</source>
        <translation>在上下文窗口之下为回复和估算误差预留的空间（默认 %1）。越小压缩越晚，越大越早</translation>
    </message>
    <message>
        <source> messages</source>
        <translation> 条消息</translation>
    </message>
    <message>
        <source>Recent messages kept word for word (default %1; whole turns, so maybe more)</source>
        <translation>逐字保留的最近消息数（默认 %1；按完整轮次，因此可能更多）</translation>
    </message>
    <message>
        <source>Failed summaries before a five-minute pause (default %1)</source>
        <translation>暂停五分钟前允许的摘要失败次数（默认 %1）</translation>
    </message>
    <message>
        <source>When on, the chat model itself summarizes older turns once a request nears its context window, instead of the watermarks.</source>
        <translation>开启后，不再使用水位线，而是在请求接近上下文窗口时由对话模型本身总结较早的轮次。</translation>
    </message>
    <message>
        <source>System Agent settings</source>
        <translation>系统代理设置</translation>
    </message>
    <message>
        <source>Summaries</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>History Compress &amp;model</source>
        <translation>History Compress 模型</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The language summaries and dream cards are written in.</source>
        <translation>撰写摘要和梦境卡片所用的语言。</translation>
    </message>
    <message>
        <source>&amp;Keep archive excerpts</source>
        <translation>保留存档摘录</translation>
    </message>
    <message>
        <source>Topic titles</source>
        <translation>话题标题</translation>
    </message>
    <message>
        <source>Title m&amp;odel</source>
        <translation>标题模型</translation>
    </message>
    <message>
        <source>Compaction by the chat model</source>
        <translation>由对话模型压缩</translation>
    </message>
    <message>
        <source>Use &amp;threshold compaction</source>
        <translation>使用阈值压缩</translation>
    </message>
    <message>
        <source>Advanced: when and how much to compact</source>
        <translation>高级：何时压缩、压缩多少</translation>
    </message>
    <message>
        <source>&amp;Buffer</source>
        <translation>缓冲</translation>
    </message>
    <message>
        <source>Compaction starts when a request comes within this many tokens of the context window, leaving room for the reply (default %1).</source>
        <translation>当请求距上下文窗口不足这么多 token 时开始压缩，为回复留出空间（默认 %1）。</translation>
    </message>
    <message>
        <source>&amp;Keep recent</source>
        <translation>保留最近</translation>
    </message>
    <message>
        <source>The newest messages are sent word for word; older ones are summarized (default %1).</source>
        <translation>最新的消息原样发送，更早的会被总结（默认 %1）。</translation>
    </message>
    <message>
        <source> failures</source>
        <translation> 次</translation>
    </message>
    <message>
        <source>Max &amp;failures</source>
        <translation>最大失败次数</translation>
    </message>
    <message>
        <source>After this many failed summaries in a row, compaction pauses for five minutes (default %1).</source>
        <translation>连续这么多次总结失败后，压缩暂停五分钟（默认 %1）。</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Store these System Agent settings</source>
        <translation>保存这些系统代理设置</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Forget the changes: show the stored settings again</source>
        <translation>放弃更改：重新显示已保存的设置</translation>
    </message>
    <message>
        <source>Checking the History Compress model…</source>
        <translation>正在检查History Compress 模型…</translation>
    </message>
    <message>
        <source>History Compress: enter a model id (e.g. gpt-5-mini).</source>
        <translation>历史压缩：请输入模型 ID（例如 gpt-5-mini）。</translation>
    </message>
    <message>
        <source>Topic naming: enter a model id, or choose Off.</source>
        <translation>话题命名：请输入模型 ID，或选择关闭。</translation>
    </message>
    <message>
        <source>History Compress</source>
        <translation>历史压缩</translation>
    </message>
    <message>
        <source>Topic naming</source>
        <translation>话题命名</translation>
    </message>
    <message>
        <source>Archive excerpts</source>
        <translation>存档摘录</translation>
    </message>
    <message>
        <source>Threshold compaction</source>
        <translation>阈值压缩</translation>
    </message>
    <message>
        <source>Buffer</source>
        <translation>缓冲</translation>
    </message>
    <message>
        <source>Keep recent</source>
        <translation>保留最近</translation>
    </message>
    <message>
        <source>Max failures</source>
        <translation>最大失败次数</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>History Compress: not usable, nothing was saved: %1. Pick a provider and model.</source>
        <translation>历史压缩：不可用，未保存任何内容：%1。请选择服务商和模型。</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>已保存。</translation>
    </message>
</context>
<context>
    <name>TaskContext</name>
    <message>
        <source>About</source>
        <translation>关于</translation>
    </message>
    <message>
        <source>Archive topic</source>
        <translation>归档话题</translation>
    </message>
    <message>
        <source>Assistants</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>附加文件</translation>
    </message>
    <message>
        <source>Cannot regenerate</source>
        <translation>无法重新生成</translation>
    </message>
    <message>
        <source>Cannot resend</source>
        <translation>无法重新发送</translation>
    </message>
    <message>
        <source>Cannot retry</source>
        <translation>无法重试</translation>
    </message>
    <message>
        <source>Cannot send</source>
        <translation>无法发送</translation>
    </message>
    <message>
        <source>Compact now</source>
        <translation>立即压缩</translation>
    </message>
    <message>
        <source>Delete message</source>
        <translation>删除消息</translation>
    </message>
    <message>
        <source>Delete provider</source>
        <translation>删除服务商</translation>
    </message>
    <message>
        <source>Delete topic</source>
        <translation>删除话题</translation>
    </message>
    <message>
        <source>Drafts</source>
        <translation>草稿</translation>
    </message>
    <message>
        <source>Dream proposals</source>
        <translation>梦境提议</translation>
    </message>
    <message>
        <source>Dream schedule</source>
        <translation>做梦时间表</translation>
    </message>
    <message>
        <source>Dreaming memory</source>
        <translation>梦境记忆</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>编辑消息</translation>
    </message>
    <message>
        <source>Edit provider</source>
        <translation>编辑服务商</translation>
    </message>
    <message>
        <source>Export topic summary</source>
        <translation>导出话题摘要</translation>
    </message>
    <message>
        <source>Export topic</source>
        <translation>导出话题</translation>
    </message>
    <message>
        <source>Import memory</source>
        <translation>导入记忆</translation>
    </message>
    <message>
        <source>Import topic</source>
        <translation>导入话题</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Inline image</source>
        <translation>内嵌图片</translation>
    </message>
    <message>
        <source>Jump in topic</source>
        <translation>在话题中跳转</translation>
    </message>
    <message>
        <source>List MCP servers</source>
        <translation>列出 MCP 服务器</translation>
    </message>
    <message>
        <source>List model cards</source>
        <translation>列出模型卡片</translation>
    </message>
    <message>
        <source>List providers</source>
        <translation>列出服务商</translation>
    </message>
    <message>
        <source>Load messages</source>
        <translation>加载消息</translation>
    </message>
    <message>
        <source>Mark as interrupted</source>
        <translation>标记为已中断</translation>
    </message>
    <message>
        <source>Memory dream</source>
        <translation>做梦</translation>
    </message>
    <message>
        <source>Memory history</source>
        <translation>记忆历史</translation>
    </message>
    <message>
        <source>Memory preview</source>
        <translation>记忆预览</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Model card</source>
        <translation>模型卡片</translation>
    </message>
    <message>
        <source>ModelsPage</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>New topic</source>
        <translation>新建话题</translation>
    </message>
    <message>
        <source>Notification</source>
        <translation>通知</translation>
    </message>
    <message>
        <source>Open attachment</source>
        <translation>打开附件</translation>
    </message>
    <message>
        <source>Open memory</source>
        <translation>打开记忆</translation>
    </message>
    <message>
        <source>Open search result</source>
        <translation>打开搜索结果</translation>
    </message>
    <message>
        <source>Open the assistant</source>
        <translation>打开助手</translation>
    </message>
    <message>
        <source>Open topic</source>
        <translation>打开话题</translation>
    </message>
    <message>
        <source>Pause dreams</source>
        <translation>暂停做梦</translation>
    </message>
    <message>
        <source>Pin message</source>
        <translation>置顶消息</translation>
    </message>
    <message>
        <source>Pin topic</source>
        <translation>置顶话题</translation>
    </message>
    <message>
        <source>Private topic</source>
        <translation>私密话题</translation>
    </message>
    <message>
        <source>Provider models</source>
        <translation>服务商的模型</translation>
    </message>
    <message>
        <source>ProvidersPage</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Read the assistant&apos;s tools</source>
        <translation>读取助手的工具</translation>
    </message>
    <message>
        <source>Recall vectors</source>
        <translation>回想向量</translation>
    </message>
    <message>
        <source>Rename topic</source>
        <translation>重命名话题</translation>
    </message>
    <message>
        <source>Save provider</source>
        <translation>保存服务商</translation>
    </message>
    <message>
        <source>Save the assistant</source>
        <translation>保存助手</translation>
    </message>
    <message>
        <source>Save topic summary</source>
        <translation>保存话题摘要</translation>
    </message>
    <message>
        <source>Search index</source>
        <translation>搜索索引</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>SearchPage</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Sending failed</source>
        <translation>发送失败</translation>
    </message>
    <message>
        <source>Set the model card&apos;s window</source>
        <translation>设置模型卡片的窗口</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Setup</source>
        <translation>设置向导</translation>
    </message>
    <message>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>Summary probes</source>
        <translation>摘要探测</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Switch version</source>
        <translation>切换版本</translation>
    </message>
    <message>
        <source>System Agent</source>
        <translation>系统代理</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>Thumbnail</source>
        <translation>缩略图</translation>
    </message>
    <message>
        <source>Token estimate</source>
        <translation>令牌估算</translation>
    </message>
    <message>
        <source>Tokenizers</source>
        <translation>分词器</translation>
    </message>
    <message>
        <source>ToolsPage</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Topic model</source>
        <translation>话题模型</translation>
    </message>
    <message>
        <source>Topic summary</source>
        <translation>话题摘要</translation>
    </message>
    <message>
        <source>Topics</source>
        <translation>话题</translation>
    </message>
    <message>
        <source>Turn provider on/off</source>
        <translation>启用/停用服务商</translation>
    </message>
    <message>
        <source>Versions</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>Save dream schedule</source>
        <translation>保存做梦时间表</translation>
    </message>
    <message>
        <source>Memory switch</source>
        <translation>记忆开关</translation>
    </message>
    <message>
        <source>Topic snippets</source>
        <translation>话题摘录</translation>
    </message>
    <message>
        <source>Cannot continue</source>
        <translation>无法继续生成</translation>
    </message>
</context>
<context>
    <name>TokenBadge</name>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Estimated tokens of the next request&lt;/b&gt;: instructions, tools, memory, the topic summary, the history window and your draft, as Send will post them — anchored on the provider&apos;s own input count when this session sent the last reply — against the input budget (context window minus the reply reserve). Click for the breakdown.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;下一次请求的预估 token 数&lt;/b&gt;：指令、工具、记忆、话题摘要、历史窗口和你的草稿，与点击发送时提交的内容一致（若本次会话发送了上一条回复，则以服务商自己统计的输入数为基准），并与输入预算（上下文窗口减去回复预留）比较。点击查看明细。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1 context</source>
        <translation>上下文 %1</translation>
    </message>
    <message>
        <source>No topic yet: the count shows once your first message starts one.</source>
        <translation>还没有话题：发送第一条消息开始话题后，这里会显示计数。</translation>
    </message>
    <message>
        <source>%1 of the input budget — details</source>
        <translation>已用输入预算的 %1 — 详情</translation>
    </message>
    <message>
        <source>Token estimate</source>
        <translation>token 预估</translation>
    </message>
    <message>
        <source>%1 of %2 input tokens (%3; context window %4)</source>
        <translation>输入 token %1 / %2（%3；上下文窗口 %4）</translation>
    </message>
    <message>
        <source>Next request: %1</source>
        <translation>下一次请求：%1</translation>
    </message>
</context>
<context>
    <name>ToolApproval</name>
    <message>
        <source>Allow &amp;once</source>
        <translation>允许一次</translation>
    </message>
    <message>
        <source>Run this call; ask again next time</source>
        <translation>运行这次调用；下次再询问</translation>
    </message>
    <message>
        <source>&amp;Always</source>
        <translation>始终允许</translation>
    </message>
    <message>
        <source>Run this call and every later call of this tool for this assistant</source>
        <translation>运行这次调用，以及此助手以后对该工具的每次调用</translation>
    </message>
    <message>
        <source>&amp;Deny</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>Do not run it; the model is told you refused</source>
        <translation>不运行；模型会被告知你拒绝了</translation>
    </message>
    <message>
        <source>%1 wants to use &lt;b&gt;%2&lt;/b&gt; from the &lt;b&gt;%3&lt;/b&gt; server with:</source>
        <translation>%1 想使用 &lt;b&gt;%3&lt;/b&gt; 服务器上的 &lt;b&gt;%2&lt;/b&gt;，参数为：</translation>
    </message>
</context>
<context>
    <name>ToolServers</name>
    <message>
        <source>Tool server “%1” did not start; replies go on without its tools: %2</source>
        <translation>工具服务器“%1”未能启动；回复将在没有它的工具的情况下继续：%2</translation>
    </message>
</context>
<context>
    <name>ToolsPage</name>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行方式</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Used by</source>
        <translation>使用者</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>询问</translation>
    </message>
    <message>
        <source>Always allow</source>
        <translation>始终允许</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>从不</translation>
    </message>
    <message>
        <source>Paste MCP servers</source>
        <translation>粘贴 MCP 服务器</translation>
    </message>
    <message>
        <source>Paste an &lt;code&gt;mcpServers&lt;/code&gt; block (as in Claude Desktop&apos;s config file):</source>
        <translation>粘贴一个 &lt;code&gt;mcpServers&lt;/code&gt; 块（与 Claude Desktop 配置文件中的相同）：</translation>
    </message>
    <message>
        <source>&amp;Add servers</source>
        <translation>添加服务器</translation>
    </message>
    <message>
        <source>The assistants that get these servers&apos; tools; change it later under Tools of assistant</source>
        <translation>可以使用这些服务器工具的助手；之后可在“助手的工具”中更改</translation>
    </message>
    <message>
        <source>Use &amp;with</source>
        <translation>用于</translation>
    </message>
    <message>
        <source>Add the MCP servers of %1.</source>
        <translation>添加 %1 中的 MCP 服务器。</translation>
    </message>
    <message>
        <source>MCP servers give assistants tools: a program started on this computer (stdio) or a Streamable HTTP address. Each call is asked about unless you allow the tool.</source>
        <translation>MCP 服务器为助手提供工具：在这台电脑上启动的程序（stdio）或 Streamable HTTP 地址。除非你允许该工具，每次调用都会先询问你。</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>MCP 服务器</translation>
    </message>
    <message>
        <source>MCP servers give your assistants tools such as the time, your files or a web search. Add one with a form, or paste or import the servers you set up in another app.</source>
        <translation>MCP 服务器为你的助手提供时间、文件或网页搜索等工具。可以用表单添加，也可以粘贴或导入你在其他应用中设置的服务器。</translation>
    </message>
    <message>
        <source>Add an MCP server…</source>
        <translation>添加 MCP 服务器…</translation>
    </message>
    <message>
        <source>No tools yet</source>
        <translation>还没有工具</translation>
    </message>
    <message>
        <source>An MCP server is a small program on this computer (stdio) or a web address (Streamable HTTP) that offers tools. You choose per assistant which tools it may use, and whether each call runs by itself or asks you first.</source>
        <translation>MCP 服务器是这台电脑上的小程序（stdio）或提供工具的网址（Streamable HTTP）。你可以为每个助手选择它能用哪些工具，以及每次调用是直接运行还是先询问你。</translation>
    </message>
    <message>
        <source>A&amp;dd server…</source>
        <translation>添加服务器…</translation>
    </message>
    <message>
        <source>Add a stdio or Streamable HTTP server with a form</source>
        <translation>用表单添加 stdio 或 Streamable HTTP 服务器</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>编辑…</translation>
    </message>
    <message>
        <source>Change the selected server</source>
        <translation>更改所选服务器</translation>
    </message>
    <message>
        <source>&amp;Paste JSON…</source>
        <translation>粘贴 JSON…</translation>
    </message>
    <message>
        <source>Add servers from an mcpServers JSON block</source>
        <translation>从 mcpServers JSON 块添加服务器</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>导入…</translation>
    </message>
    <message>
        <source>Add the mcpServers of a Claude Desktop config file</source>
        <translation>添加 Claude Desktop 配置文件中的 mcpServers</translation>
    </message>
    <message>
        <source>&amp;Test</source>
        <translation>测试</translation>
    </message>
    <message>
        <source>Start the server, list its tools and stop it</source>
        <translation>启动服务器，列出它的工具，然后停止</translation>
    </message>
    <message>
        <source>Sign &amp;out</source>
        <translation>退出登录</translation>
    </message>
    <message>
        <source>Delete the server&apos;s sign-in tokens from the keyring or key file</source>
        <translation>从钥匙串或密钥文件中删除该服务器的登录令牌</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Tools of &amp;assistant</source>
        <translation>助手的工具</translation>
    </message>
    <message>
        <source>Server tools of the assistant</source>
        <translation>助手的服务器工具</translation>
    </message>
    <message>
        <source>Server / tool</source>
        <translation>服务器 / 工具</translation>
    </message>
    <message>
        <source>Approval</source>
        <translation>批准</translation>
    </message>
    <message>
        <source>List MCP servers: %1</source>
        <translation>列出 MCP 服务器：%1</translation>
    </message>
    <message>
        <source>%1 (signed in)</source>
        <translation>%1（已登录）</translation>
    </message>
    <message>
        <source>not tested yet</source>
        <translation>尚未测试</translation>
    </message>
    <message>
        <source>Test %1</source>
        <translation>测试 %1</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>已保存 %1。</translation>
    </message>
    <message>
        <source>Saved %1. Test it to read its tools.</source>
        <translation>已保存 %1。测试它即可读取其工具。</translation>
    </message>
    <message>
        <source>No assistant uses %1 yet: tick it under Tools of assistant below.</source>
        <translation>还没有助手使用 %1：请在下方助手的工具中勾选。</translation>
    </message>
    <message>
        <source>Import MCP servers</source>
        <translation>导入 MCP 服务器</translation>
    </message>
    <message>
        <source>JSON (*.json);;All files (*)</source>
        <translation>JSON (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Add MCP servers</source>
        <translation>添加 MCP 服务器</translation>
    </message>
    <message>
        <source>Added %1. Test a server to read its tools.</source>
        <translation>已添加 %1。测试服务器即可读取其工具。</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
    <message>
        <source>Sign out of %1</source>
        <translation>退出 %1 的登录</translation>
    </message>
    <message>
        <source>Removed %1.</source>
        <translation>已移除 %1。</translation>
    </message>
    <message>
        <source>Starting %1…</source>
        <translation>正在启动 %1…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n tool(s)</source>
        <translation><numerusform>%n 个工具</numerusform></translation>
    </message>
    <message>
        <source>no tools</source>
        <translation>没有工具</translation>
    </message>
    <message>
        <source>Read the assistant&apos;s tools: %1</source>
        <translation>读取助手的工具：%1</translation>
    </message>
    <message>
        <source>%1 (test it to list its tools)</source>
        <translation>%1（测试后列出它的工具）</translation>
    </message>
    <message>
        <source>Approval of %1</source>
        <translation>%1 的批准</translation>
    </message>
    <message>
        <source>Set %1</source>
        <translation>设置 %1</translation>
    </message>
    <message>
        <source>Switch %1</source>
        <translation>切换 %1</translation>
    </message>
</context>
<context>
    <name>TopicActions</name>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>ChatHub topic JSON (*.json)</source>
        <translation>ChatHub 话题 JSON (*.json)</translation>
    </message>
    <message>
        <source>&amp;Pin topic</source>
        <translation>置顶话题</translation>
    </message>
    <message>
        <source>Keep the selected topic at the top of the list (Ctrl+Shift+P)</source>
        <translation>将所选话题固定在列表顶部（Ctrl+Shift+P）</translation>
    </message>
    <message>
        <source>&amp;Archive topic</source>
        <translation>归档话题</translation>
    </message>
    <message>
        <source>Hide the selected topic from the list; search still finds it (Ctrl+Shift+A)</source>
        <translation>从列表中隐藏所选话题；搜索仍能找到它（Ctrl+Shift+A）</translation>
    </message>
    <message>
        <source>Show archi&amp;ved topics</source>
        <translation>显示已归档话题</translation>
    </message>
    <message>
        <source>List archived topics too</source>
        <translation>同时列出已归档的话题</translation>
    </message>
    <message>
        <source>&amp;Markdown…</source>
        <translation>&amp;Markdown…</translation>
    </message>
    <message>
        <source>Save the topic as Markdown: roles, times, tool calls</source>
        <translation>将话题保存为 Markdown：角色、时间、工具调用</translation>
    </message>
    <message>
        <source>&amp;JSON…</source>
        <translation>&amp;JSON…</translation>
    </message>
    <message>
        <source>Save the topic as JSON that File → Import → ChatHub topic reads back without loss</source>
        <translation>将话题保存为 JSON，可通过 文件 → 导入 → ChatHub 话题 无损读回</translation>
    </message>
    <message>
        <source>ChatHub topic (JSON)…</source>
        <translation>ChatHub 话题（JSON）…</translation>
    </message>
    <message>
        <source>Import a topic saved with Topic → Export → as JSON</source>
        <translation>导入通过 话题 → 导出 → JSON 保存的话题</translation>
    </message>
    <message>
        <source>E&amp;xport</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Un&amp;pin topic</source>
        <translation>取消置顶</translation>
    </message>
    <message>
        <source>Un&amp;archive topic</source>
        <translation>取消归档</translation>
    </message>
    <message>
        <source>Pinned “%1”</source>
        <translation>已置顶“%1”</translation>
    </message>
    <message>
        <source>Unpinned “%1”</source>
        <translation>已取消置顶“%1”</translation>
    </message>
    <message>
        <source>Archived “%1”</source>
        <translation>已归档“%1”</translation>
    </message>
    <message>
        <source>Restored “%1”</source>
        <translation>已恢复“%1”</translation>
    </message>
    <message>
        <source>Export topic</source>
        <translation>导出话题</translation>
    </message>
    <message>
        <source>Exported the topic to %1</source>
        <translation>已将话题导出到 %1</translation>
    </message>
    <message>
        <source>Import ChatHub topic</source>
        <translation>导入 ChatHub 话题</translation>
    </message>
    <message>
        <source>ChatHub topic JSON (*.json);;All files (*)</source>
        <translation>ChatHub 话题 JSON (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Imported “%1” (%2)</source>
        <translation>已导入“%1”（%2）</translation>
    </message>
    <message numerus="yes">
        <source>%Ln message(s)</source>
        <translation><numerusform>%Ln 条消息</numerusform></translation>
    </message>
</context>
<context>
    <name>TopicDelete</name>
    <message>
        <source>&amp;Undo delete</source>
        <translation>撤销删除</translation>
    </message>
    <message>
        <source>Bring back the topic you just deleted (Ctrl+Z)</source>
        <translation>恢复刚刚删除的话题（Ctrl+Z）</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message numerus="yes">
        <source>Delete “%1” and its %Ln message(s)? You can undo this for %2 seconds.</source>
        <translation><numerusform>删除“%1”及其 %Ln 条消息？%2 秒内可以撤销。</numerusform></translation>
    </message>
    <message>
        <source>Delete topic</source>
        <translation>删除话题</translation>
    </message>
    <message>
        <source>Deleted “%1” — Undo (Ctrl+Z) within %2 s</source>
        <translation>已删除“%1”——%2 秒内可撤销（Ctrl+Z）</translation>
    </message>
    <message>
        <source>“%1” is back</source>
        <translation>“%1”已恢复</translation>
    </message>
</context>
<context>
    <name>TopicList</name>
    <message>
        <source>Yesterday</source>
        <translation>昨天</translation>
    </message>
    <message>
        <source>Private topic: %1</source>
        <translation>私密话题：%1</translation>
    </message>
    <message>
        <source>A reply is being written</source>
        <translation>正在生成回复</translation>
    </message>
    <message numerus="yes">
        <source>%Ln message(s) · last active %1</source>
        <translation><numerusform>%Ln 条消息 · 最近活动 %1</numerusform></translation>
    </message>
    <message>
        <source> · pinned</source>
        <translation> · 已置顶</translation>
    </message>
    <message>
        <source> · archived</source>
        <translation> · 已归档</translation>
    </message>
    <message>
        <source>Private: no memory is used here and the dream never reads it</source>
        <translation>私密：这里不使用记忆，做梦也不会读取它</translation>
    </message>
    <message>
        <source>New topic</source>
        <translation>新话题</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>置顶</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>今天</translation>
    </message>
    <message>
        <source>Previous 7 days</source>
        <translation>过去 7 天</translation>
    </message>
    <message>
        <source>Older</source>
        <translation>更早</translation>
    </message>
</context>
<context>
    <name>TopicModelPicker</name>
    <message>
        <source>Another model…</source>
        <translation>其他模型…</translation>
    </message>
    <message>
        <source>Search models</source>
        <translation>搜索模型</translation>
    </message>
    <message>
        <source>offered by this provider</source>
        <translation>由此服务商提供</translation>
    </message>
    <message>
        <source>from the bundled catalog: the provider may not serve it</source>
        <translation>来自内置目录：服务商不一定提供</translation>
    </message>
    <message>
        <source>Type any model id %1 serves</source>
        <translation>输入 %1 提供的任意模型 ID</translation>
    </message>
    <message>
        <source>Another model</source>
        <translation>其他模型</translation>
    </message>
    <message>
        <source>Model id on %1:</source>
        <translation>%1 上的模型 ID：</translation>
    </message>
    <message>
        <source>No topic</source>
        <translation>没有话题</translation>
    </message>
    <message>
        <source>no model</source>
        <translation>无模型</translation>
    </message>
    <message>
        <source>%1 (assistant default) ▾</source>
        <translation>%1（助手默认）▾</translation>
    </message>
    <message>
        <source>Open a topic to choose its model</source>
        <translation>打开一个话题以选择它的模型</translation>
    </message>
    <message>
        <source>%1-token context window</source>
        <translation>%1 令牌的上下文窗口</translation>
    </message>
    <message>
        <source> (no model card: the provider&apos;s fallback)</source>
        <translation>（无模型卡片：服务商的后备值）</translation>
    </message>
    <message>
        <source>this topic&apos;s own model</source>
        <translation>此话题自己的模型</translation>
    </message>
    <message>
        <source>the assistant&apos;s model (this topic has no own choice)</source>
        <translation>助手的模型（此话题没有单独选择）</translation>
    </message>
    <message>
        <source>%1 via %2 — %3</source>
        <translation>%1，经由 %2 — %3</translation>
    </message>
    <message>
        <source>no provider</source>
        <translation>无服务商</translation>
    </message>
    <message>
        <source>%1 · %2-token input budget</source>
        <translation>%1 · %2 令牌的输入预算</translation>
    </message>
    <message>
        <source>Click to choose another model for this topic only</source>
        <translation>点击为此话题单独选择其他模型</translation>
    </message>
    <message>
        <source>Topic model</source>
        <translation>话题模型</translation>
    </message>
    <message>
        <source>%1 (the assistant&apos;s model) answers a new topic; open a topic to choose another model for it</source>
        <translation>新话题由 %1（助手的模型）回答；打开一个话题即可为它选择其他模型</translation>
    </message>
    <message>
        <source>Reading this topic&apos;s model…</source>
        <translation>正在读取此话题的模型…</translation>
    </message>
    <message>
        <source>Use the assistant&apos;s model (%1)</source>
        <translation>使用助手的模型（%1）</translation>
    </message>
    <message>
        <source>none set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>on %1</source>
        <translation>在 %1 上</translation>
    </message>
    <message>
        <source>No providers yet — add one in Settings → Providers</source>
        <translation>还没有服务商——请在 设置 → 服务商 中添加</translation>
    </message>
    <message>
        <source>Use %1 for this topic only (%2; a %3-token window, reported by the provider)</source>
        <translation>仅此话题使用 %1（%2；服务商报告的窗口为 %3 令牌）</translation>
    </message>
    <message>
        <source>Use %1 for this topic only (%2)</source>
        <translation>仅此话题使用 %1（%2）</translation>
    </message>
    <message>
        <source>This topic: %1</source>
        <translation>此话题：%1</translation>
    </message>
    <message>
        <source>This topic&apos;s model choice was removed (its provider was deleted or another window changed it); it uses the assistant&apos;s model %1 again</source>
        <translation>此话题的模型选择已被移除（其服务商已删除或另一个窗口更改了它）；它重新使用助手的模型 %1</translation>
    </message>
    <message>
        <source>This topic now uses %1</source>
        <translation>此话题现在使用 %1</translation>
    </message>
    <message>
        <source>This topic now uses %1 (the assistant&apos;s model)</source>
        <translation>此话题现在使用 %1（助手的模型）</translation>
    </message>
</context>
<context>
    <name>TopicPrivacy</name>
    <message>
        <source>Private</source>
        <translation>私密</translation>
    </message>
    <message>
        <source>Go private</source>
        <translation>设为私密</translation>
    </message>
    <message>
        <source>Private: no memory is sent or offered here, and the memory dream never reads this topic</source>
        <translation>私密：这里不发送也不提供记忆，做梦也从不读取此话题</translation>
    </message>
    <message>
        <source>Private topic: on. No memory is sent or offered here, and the memory dream never reads it</source>
        <translation>私密话题：开。这里不发送也不提供记忆，做梦也从不读取它</translation>
    </message>
    <message>
        <source>Private topic: off. Turn on to send no memory here and keep the memory dream out</source>
        <translation>私密话题：关。开启后这里不发送记忆，做梦也不会读取</translation>
    </message>
    <message>
        <source>New &amp;private topic</source>
        <translation>新建私密话题</translation>
    </message>
    <message>
        <source>Start a private topic (Ctrl+Shift+N). %1</source>
        <translation>开始一个私密话题（Ctrl+Shift+N）。%1</translation>
    </message>
    <message>
        <source>Pri&amp;vate topic</source>
        <translation>私密话题</translation>
    </message>
    <message>
        <source>Private topic</source>
        <translation>私密话题</translation>
    </message>
    <message>
        <source>This topic is not private: memory is used again</source>
        <translation>此话题不再私密：会再次使用记忆</translation>
    </message>
</context>
<context>
    <name>TopicScrollBar</name>
    <message>
        <source>Position in the topic</source>
        <translation>在话题中的位置</translation>
    </message>
    <message>
        <source>Drag to any message of the topic; the bottom is the newest message</source>
        <translation>拖到话题中的任意消息；最底部是最新消息</translation>
    </message>
</context>
<context>
    <name>TopicSidebar</name>
    <message>
        <source>No topics yet. Your conversations with this assistant are listed here.</source>
        <translation>还没有话题。你与此助手的对话会列在这里。</translation>
    </message>
</context>
<context>
    <name>Tray</name>
    <message>
        <source>Memory dream: %1</source>
        <translation>做梦：%1</translation>
    </message>
    <message>
        <source>Could not change Pause dreams: %1</source>
        <translation>无法更改“暂停做梦”：%1</translation>
    </message>
    <message>
        <source>Dreams paused: scheduled memory dreams do not run until you resume them</source>
        <translation>做梦已暂停：在你恢复之前不会定时做梦</translation>
    </message>
    <message>
        <source>Dreams resumed: scheduled memory dreams run again</source>
        <translation>做梦已恢复：会再次定时做梦</translation>
    </message>
    <message>
        <source>A memory dream is already running</source>
        <translation>已经有一次做梦正在运行</translation>
    </message>
    <message>
        <source>No memory dream is due</source>
        <translation>没有到期的定时做梦</translation>
    </message>
    <message>
        <source>Memory dream running…</source>
        <translation>正在做梦…</translation>
    </message>
    <message>
        <source>Memory dream stopped; it is tried again later</source>
        <translation>做梦已停止；稍后会再次尝试</translation>
    </message>
    <message>
        <source>No memory dream was due</source>
        <translation>没有到期的定时做梦</translation>
    </message>
    <message>
        <source>&amp;Open ChatHub</source>
        <translation>打开 ChatHub</translation>
    </message>
    <message>
        <source>Show the ChatHub window</source>
        <translation>显示 ChatHub 窗口</translation>
    </message>
    <message>
        <source>&amp;Run due dreams now</source>
        <translation>立即运行到期的定时做梦</translation>
    </message>
    <message>
        <source>Run every scheduled memory dream that is due now (also while paused)</source>
        <translation>立即运行所有已到期的定时做梦（暂停时也可以）</translation>
    </message>
    <message>
        <source>&amp;Pause dreams</source>
        <translation>暂停做梦</translation>
    </message>
    <message>
        <source>While checked, scheduled memory dreams do not run (remembered across restarts); Dream now still works</source>
        <translation>勾选时不会定时做梦（重启后仍然保留）；“立即做梦”仍然可用</translation>
    </message>
    <message>
        <source>ChatHub keeps running here and memory dreams still run. Quit from this icon&apos;s menu or with Ctrl+Q.</source>
        <translation>ChatHub 会在这里继续运行，并照常做梦。可从此图标的菜单或按 Ctrl+Q 退出。</translation>
    </message>
    <message>
        <source>dreams paused</source>
        <translation>做梦已暂停</translation>
    </message>
    <message>
        <source>dreaming…</source>
        <translation>正在做梦…</translation>
    </message>
    <message>
        <source>memory dreams on schedule</source>
        <translation>按计划做梦</translation>
    </message>
</context>
<context>
    <name>UsagePopover</name>
    <message>
        <source>Compacting…</source>
        <translation>正在压缩…</translation>
    </message>
    <message>
        <source>Compact now</source>
        <translation>立即压缩</translation>
    </message>
    <message>
        <source>%1 of %2 input tokens; tick: %3</source>
        <translation>%1 / %2 输入 token；刻度：%3</translation>
    </message>
    <message>
        <source>Hide the rows of %1</source>
        <translation>隐藏“%1”的各行</translation>
    </message>
    <message>
        <source>Show the rows of %1</source>
        <translation>显示“%1”的各行</translation>
    </message>
    <message>
        <source>Total Used</source>
        <translation>总用量</translation>
    </message>
    <message>
        <source>Context usage &amp; compaction</source>
        <translation>上下文用量 &amp; 压缩</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Show how tokens are counted</source>
        <translation>显示 token 的计数方式</translation>
    </message>
    <message>
        <source>Older turns are left out with no usable summary: compact the topic to keep them as one.</source>
        <translation>较早的轮次被略去且没有可用摘要：压缩话题即可把它们保留为一份摘要。</translation>
    </message>
    <message>
        <source>Prompt cache</source>
        <translation>提示缓存</translation>
    </message>
    <message>
        <source>About the reported cache</source>
        <translation>关于报告的缓存</translation>
    </message>
    <message>
        <source>Save a model card with the window the server really reads, so the estimate, compaction and the history fit it</source>
        <translation>用服务器实际读取的窗口保存模型卡片，使估算、压缩和历史都与之相符</translation>
    </message>
    <message>
        <source>Give this model a card: its context window, max output and tokenizer</source>
        <translation>为此模型创建卡片：上下文窗口、最大输出和分词器</translation>
    </message>
    <message>
        <source>Summarize the completed turns before your latest message now (History Compress model; Ctrl+Shift+K)</source>
        <translation>立即总结你最新消息之前已完成的轮次（History Compress 模型；Ctrl+Shift+K）</translation>
    </message>
    <message>
        <source>View topic summary</source>
        <translation>查看话题摘要</translation>
    </message>
    <message>
        <source>No estimate yet: open or create a topic.</source>
        <translation>还没有估算：请打开或新建一个话题。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Next request estimate: %1&lt;/b&gt; of %2 input tokens</source>
        <translation>&lt;b&gt;下一次请求预估：%1&lt;/b&gt; / %2 输入 token</translation>
    </message>
    <message>
        <source>%1 The red mark shows where compaction starts.</source>
        <translation>%1 红色标记为开始压缩的位置。</translation>
    </message>
    <message>
        <source>⚠ Last reply: %1.</source>
        <translation>⚠ 上一条回复：%1。</translation>
    </message>
    <message>
        <source>Set %1&apos;s window to %2 tokens</source>
        <translation>将 %1 的窗口设为 %2 token</translation>
    </message>
    <message>
        <source>Set %1&apos;s window…</source>
        <translation>设置 %1 的窗口…</translation>
    </message>
    <message>
        <source>Saved: %1 reads %2 tokens</source>
        <translation>已保存：%1 读取 %2 token</translation>
    </message>
    <message>
        <source>The topic&apos;s rolling summary, its model, Copy / Export and the debug log (Ctrl+Shift+S)</source>
        <translation>话题的滚动摘要、其模型、复制 / 导出和调试日志（Ctrl+Shift+S）</translation>
    </message>
    <message>
        <source>No summary yet: the viewer shows the debug log of past runs (Ctrl+Shift+S)</source>
        <translation>还没有摘要：查看器会显示以往运行的调试日志（Ctrl+Shift+S）</translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>指令</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Topic summary</source>
        <translation>话题摘要</translation>
    </message>
    <message>
        <source>Pinned messages</source>
        <translation>置顶消息</translation>
    </message>
    <message>
        <source>Chat messages</source>
        <translation>对话消息</translation>
    </message>
    <message>
        <source>Draft</source>
        <translation>草稿</translation>
    </message>
    <message>
        <source>Images</source>
        <translation>图片</translation>
    </message>
    <message>
        <source>Knowledge</source>
        <translation>知识</translation>
    </message>
    <message>
        <source>Per-message overhead</source>
        <translation>每条消息的开销</translation>
    </message>
    <message>
        <source>Instructions &amp; framing</source>
        <translation>指令 &amp; 框架</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>no reply in the window reports input tokens yet</source>
        <translation>窗口内还没有回复报告输入 token 数</translation>
    </message>
    <message>
        <source>no reply since the last compaction reports input tokens yet</source>
        <translation>上次压缩之后还没有回复报告输入 token 数</translation>
    </message>
    <message>
        <source>the last reported reply predates the last compaction</source>
        <translation>最近一次报告的回复早于上次压缩</translation>
    </message>
    <message>
        <source>the model changed since that reply</source>
        <translation>自那条回复以来模型已更换</translation>
    </message>
    <message>
        <source>that reply came from another ChatHub process (an earlier run, the command line or another window)</source>
        <translation>那条回复来自另一个 ChatHub 进程（之前的运行、命令行或另一个窗口）</translation>
    </message>
    <message>
        <source>that reply was sent before this run of ChatHub started</source>
        <translation>那条回复是在本次 ChatHub 启动之前发送的</translation>
    </message>
    <message>
        <source>the input template changed since that request</source>
        <translation>自那次请求以来输入模板已更改</translation>
    </message>
    <message>
        <source>the history limit was raised or turned off</source>
        <translation>历史上限已提高或已关闭</translation>
    </message>
    <message>
        <source>the large-context window expanded</source>
        <translation>大上下文窗口已扩展</translation>
    </message>
    <message>
        <source>the topic was compacted since that request</source>
        <translation>自那次请求以来话题已被压缩</translation>
    </message>
    <message>
        <source>earlier messages changed since that request</source>
        <translation>自那次请求以来较早的消息已更改</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Corrected to the provider&apos;s own count</source>
        <translation>已按服务商自己的计数校正</translation>
    </message>
    <message>
        <source>Learned correction × %1</source>
        <translation>学习到的校正 × %1</translation>
    </message>
    <message>
        <source>Difference from the local count</source>
        <translation>与本地计数的差值</translation>
    </message>
    <message>
        <source>None offered — %1.</source>
        <translation>未提供——%1。</translation>
    </message>
    <message>
        <source>A small allowance per message and tool schema (%1 × 3).</source>
        <translation>每条消息和工具结构的少量预留（%1 × 3）。</translation>
    </message>
    <message>
        <source> (local counts × %1, the learned correction)</source>
        <translation>（本地计数 × %1，即学习到的校正）</translation>
    </message>
    <message>
        <source>; %1 of it has left the window since</source>
        <translation>；其中 %1 已移出窗口</translation>
    </message>
    <message>
        <source>The provider reported %1 for the last request%2; %3 counted after it%4.</source>
        <translation>服务商报告上一次请求为 %1%2；之后计入 %3%4。</translation>
    </message>
    <message>
        <source> This run did not send that request, so the larger of that and the local count is used.</source>
        <translation>本次运行没有发送那个请求，因此取它与本地计数中较大的一个。</translation>
    </message>
    <message numerus="yes">
        <source> over %Ln replies</source>
        <translation><numerusform>（基于 %Ln 条回复）</numerusform></translation>
    </message>
    <message>
        <source>This model&apos;s provider has counted %1 of our local count%2; local counts are scaled by it.</source>
        <translation>此模型的服务商计数为本地计数的 %1%2；本地计数会按此比例缩放。</translation>
    </message>
    <message>
        <source>threshold compaction at %1 estimated tokens</source>
        <translation>在预估 %1 token 时进行阈值压缩</translation>
    </message>
    <message>
        <source>%1 of the input budget used.</source>
        <translation>已使用输入预算的 %1。</translation>
    </message>
    <message>
        <source>The model reads at most %1 tokens (its context window); %2 are kept for its reply, so %3 are left for the conversation.</source>
        <translation>模型最多读取 %1 个令牌（其上下文窗口）；其中 %2 个为回复预留，因此对话可用 %3 个。</translation>
    </message>
    <message>
        <source>The model reads at most %1 tokens (its context window), all of them left for the conversation.</source>
        <translation>模型最多读取 %1 个令牌（其上下文窗口），全部可用于对话。</translation>
    </message>
    <message>
        <source>Send will summarize older messages and leave out the oldest that still don&apos;t fit.</source>
        <translation>发送时会先总结较早的消息，并省略仍然放不下的最早消息。</translation>
    </message>
    <message>
        <source>Send will summarize older messages first.</source>
        <translation>发送时会先总结较早的消息。</translation>
    </message>
    <message>
        <source>Counted on this computer: %1</source>
        <translation>在本机计数：%1</translation>
    </message>
    <message>
        <source>Counted on this computer</source>
        <translation>在本机计数</translation>
    </message>
    <message>
        <source>; its report plus what came after it is smaller</source>
        <translation>；其报告加上之后的内容更小</translation>
    </message>
    <message>
        <source>.</source>
        <translation>。</translation>
    </message>
    <message>
        <source>Threshold compaction above %1 estimated tokens (now about %2)</source>
        <translation>预估超过 %1 token 时进行阈值压缩（当前约 %2）</translation>
    </message>
    <message>
        <source>this server&apos;s chat template doesn&apos;t accept tools</source>
        <translation>此服务器的对话模板不接受工具</translation>
    </message>
    <message>
        <source>compacts when the conversation reaches %1 of the input budget</source>
        <translation>对话达到输入预算的 %1 时压缩</translation>
    </message>
    <message>
        <source>Based on the model&apos;s own count of an earlier request plus what came after it, which is more than this computer counts.</source>
        <translation>依据模型对较早一次请求的自身计数加上其后的内容，这比本机的计数更多。</translation>
    </message>
    <message>
        <source>Based on the model&apos;s own count of the last request; the rows below are counted on this computer.</source>
        <translation>依据模型对上一次请求的自身计数；下面各行在本机计数。</translation>
    </message>
    <message>
        <source>Estimated on this computer until the model reports its own count.</source>
        <translation>在模型报告自身计数之前，由本机估算。</translation>
    </message>
    <message>
        <source>Compacts when the conversation reaches %1 of the input budget, summarizing it down to %2</source>
        <translation>对话达到输入预算的 %1 时压缩，摘要后降至 %2</translation>
    </message>
    <message>
        <source>. The context window is a fallback: this model is in neither the catalog nor your model cards</source>
        <translation>。上下文窗口为后备值：此模型既不在目录中，也不在你的模型卡片中</translation>
    </message>
    <message>
        <source>Tokens are counted with the %1 encoding.</source>
        <translation>token 使用 %1 编码计数。</translation>
    </message>
    <message>
        <source>The server&apos;s /props answer (llama.cpp) says its chat template takes no tools, so none are offered.</source>
        <translation>服务器的 /props 响应（llama.cpp）表明其对话模板不接受工具，因此不提供任何工具。</translation>
    </message>
    <message>
        <source>No provider telemetry yet: no reply has reported cache use</source>
        <translation>还没有服务商遥测数据：还没有回复报告缓存使用情况</translation>
    </message>
    <message>
        <source>0% hit / no hit yet</source>
        <translation>命中 0% / 尚未命中</translation>
    </message>
    <message>
        <source>%1 cached · input not reported</source>
        <translation>已缓存 %1 · 未报告输入</translation>
    </message>
    <message>
        <source>%1% hit · working · %2 / %3</source>
        <translation>命中 %1% · 生效中 · %2 / %3</translation>
    </message>
    <message>
        <source>%1% hit · no hit · %2 / %3</source>
        <translation>命中 %1% · 未命中 · %2 / %3</translation>
    </message>
    <message>
        <source>Prompt-cache rate the provider reported for the latest reply that carried cache counters: cached input ÷ all reported input. It is not the next-request estimate above, and Compact does not reset it.</source>
        <translation>提供方为最近一条带有缓存计数的回复报告的提示缓存命中率：已缓存输入 ÷ 报告的全部输入。它不是上面的下一次请求估算，压缩也不会重置它。</translation>
    </message>
    <message>
        <source> No reply in this topic has reported cache counters yet.</source>
        <translation>此话题中还没有回复报告过缓存计数。</translation>
    </message>
    <message>
        <source>an unknown model</source>
        <translation>未知模型</translation>
    </message>
    <message>
        <source> Reported by %1 (message #%2).</source>
        <translation>由 %1 报告（消息 #%2）。</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source> (expanded to %1)</source>
        <translation>（扩展至 %1）</translation>
    </message>
    <message>
        <source>%1 covered by the summary</source>
        <translation>%1 条已被摘要涵盖</translation>
    </message>
    <message>
        <source>%1 beyond the history limit</source>
        <translation>%1 条超出历史上限</translation>
    </message>
    <message>
        <source>%1 of %2 topic messages included</source>
        <translation>包含话题 %2 条消息中的 %1 条</translation>
    </message>
    <message>
        <source>; dropped: %1</source>
        <translation>；略去：%1</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>History limit: %1</source>
        <translation>历史上限：%1</translation>
    </message>
    <message>
        <source>Whole topic: about %1 tokens</source>
        <translation>整个话题：约 %1 token</translation>
    </message>
    <message>
        <source>Last compaction: %1</source>
        <translation>上次压缩：%1</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从未</translation>
    </message>
    <message>
        <source>History window</source>
        <translation>历史窗口</translation>
    </message>
    <message>
        <source>This message alone is longer than the model&apos;s context window (%1 tokens &gt; %2)</source>
        <translation>仅这条消息就超过了模型的上下文窗口（%1 token &gt; %2）</translation>
    </message>
    <message>
        <source>This message alone is longer than the model&apos;s input budget (%1 tokens &gt; %2, the context window less the reply reserve)</source>
        <translation>仅这条消息就超过了模型的输入预算（%1 token &gt; %2，即上下文窗口减去回复预留）</translation>
    </message>
    <message>
        <source>; shorten it or attach less.</source>
        <translation>；请缩短内容或减少附件。</translation>
    </message>
    <message>
        <source>About %1 times too long for this model (%2 of %3 input tokens).</source>
        <translation>对此模型来说约长了 %1 倍（%2 / %3 个输入令牌）。</translation>
    </message>
    <message>
        <source>%1 tokens too long for this model (%2 of %3 input tokens).</source>
        <translation>对此模型来说长了 %1 个令牌（%2 / %3 个输入令牌）。</translation>
    </message>
    <message>
        <source>Compaction is off: Send tries it as is, and if the model refuses, summarizes older messages once and resends.</source>
        <translation>压缩已关闭：发送时按原样尝试；如果模型拒绝，会总结一次较早的消息并重新发送。</translation>
    </message>
    <message>
        <source>Tools: none offered — %1.</source>
        <translation>工具：未提供——%1。</translation>
    </message>
    <message numerus="yes">
        <source> and %n more</source>
        <translation><numerusform> 等另外 %n 个</numerusform></translation>
    </message>
    <message>
        <source>Tools: %1 is off for this assistant, so not offered (Settings → Tools).</source>
        <translation>工具：%1 对此助手已关闭，因此不提供（设置 → 工具）。</translation>
    </message>
    <message>
        <source>Tools: %1 are off for this assistant, so not offered (Settings → Tools).</source>
        <translation>工具：%1 对此助手已关闭，因此不提供（设置 → 工具）。</translation>
    </message>
</context>
<context>
    <name>ViewMenu</name>
    <message>
        <source>Follow the &amp;system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Send with &amp;Enter</source>
        <translation>按 &amp;Enter 发送</translation>
    </message>
    <message>
        <source>Enter sends the message, Shift+Enter makes a new line</source>
        <translation>Enter 发送消息，Shift+Enter 换行</translation>
    </message>
    <message>
        <source>Send with &amp;Ctrl+Enter</source>
        <translation>按 &amp;Ctrl+Enter 发送</translation>
    </message>
    <message>
        <source>Ctrl+Enter sends the message, Enter makes a new line</source>
        <translation>Ctrl+Enter 发送消息，Enter 换行</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图</translation>
    </message>
    <message>
        <source>Text si&amp;ze</source>
        <translation>文字大小</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>The language of the window&apos;s text; what the model reads stays as it is</source>
        <translation>窗口文字的语言；模型读取的内容保持不变</translation>
    </message>
    <message>
        <source>&amp;Larger</source>
        <translation>较大</translation>
    </message>
    <message>
        <source>Larger text in the conversation and the message box</source>
        <translation>对话和输入框中的文字更大</translation>
    </message>
    <message>
        <source>&amp;Smaller</source>
        <translation>较小</translation>
    </message>
    <message>
        <source>Smaller text in the conversation and the message box</source>
        <translation>对话和输入框中的文字更小</translation>
    </message>
    <message>
        <source>&amp;Default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>The conversation at the window&apos;s text size</source>
        <translation>对话使用窗口的文字大小</translation>
    </message>
    <message>
        <source>Desktop &amp;notifications</source>
        <translation>桌面通知</translation>
    </message>
    <message>
        <source>Tell me when a reply finishes while the window is away, and what a scheduled memory dream did</source>
        <translation>窗口不在前台时，回复完成后通知我，并告诉我定时做梦做了什么</translation>
    </message>
    <message>
        <source>Show side&amp;bar</source>
        <translation>显示侧边栏</translation>
    </message>
    <message>
        <source>Show or hide the assistants and topics (%1; folds away by itself when the window is narrow)</source>
        <translation>显示或隐藏助手和话题（%1；窗口较窄时会自动收起）</translation>
    </message>
</context>
<context>
    <name>WelcomePanel</name>
    <message>
        <source>Start setup…</source>
        <translation>开始设置…</translation>
    </message>
    <message>
        <source>Welcome to ChatHub Desktop</source>
        <translation>欢迎使用 ChatHub Desktop</translation>
    </message>
    <message>
        <source>Chat with your own API keys, keep every conversation on this computer.</source>
        <translation>用你自己的 API 密钥对话，所有对话都保存在这台电脑上。</translation>
    </message>
    <message>
        <source>&lt;b&gt;⋯ → Help → Setup…&lt;/b&gt; (bottom left) adds a provider and an assistant in four short steps.</source>
        <translation>&lt;b&gt;⋯ → 帮助 → 设置向导…&lt;/b&gt;（左下角）用四个简短步骤添加服务商和助手。</translation>
    </message>
    <message>
        <source>Or on your own: &lt;b&gt;Settings → Providers…&lt;/b&gt; (Ctrl+,), then &lt;b&gt;Assistant → New…&lt;/b&gt;; type below and press &lt;b&gt;%1&lt;/b&gt;.&lt;br&gt;Your history: &lt;b&gt;File → Import → Chat history export…&lt;/b&gt; (Ctrl+I: ChatGPT, Claude, Open WebUI, LibreChat).</source>
        <translation>或者自己动手：&lt;b&gt;设置 → 服务商…&lt;/b&gt;（Ctrl+,），然后 &lt;b&gt;助手 → 新建…&lt;/b&gt;；在下方输入并按 &lt;b&gt;%1&lt;/b&gt;。&lt;br&gt;你的聊天记录：&lt;b&gt;文件 → 导入 → 聊天记录导出文件…&lt;/b&gt;（Ctrl+I：ChatGPT、Claude、Open WebUI、LibreChat）。</translation>
    </message>
</context>
<context>
    <name>WindowActions</name>
    <message>
        <source>&amp;Compact now</source>
        <translation>立即压缩</translation>
    </message>
    <message>
        <source>Compacting…</source>
        <translation>正在压缩…</translation>
    </message>
    <message>
        <source>Chat history export…</source>
        <translation>聊天记录导出文件…</translation>
    </message>
    <message>
        <source>Import conversations from a ChatGPT, Claude, Open WebUI or LibreChat export (the format is detected)</source>
        <translation>从 ChatGPT、Claude、Open WebUI 或 LibreChat 的导出文件导入对话（自动识别格式）</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>Quit ChatHub Desktop (a reply being written is kept as interrupted)</source>
        <translation>退出 ChatHub Desktop（正在生成的回复会作为已中断保留）</translation>
    </message>
    <message>
        <source>&amp;Providers…</source>
        <translation>服务商…</translation>
    </message>
    <message>
        <source>Settings: LLM providers and their API keys, models, the System Agent, tools, storage and appearance (Ctrl+,)</source>
        <translation>设置：LLM 服务商及其 API 密钥、模型、系统代理、工具、存储和外观（Ctrl+,）</translation>
    </message>
    <message>
        <source>Back to chats</source>
        <translation>返回对话</translation>
    </message>
    <message>
        <source>Leave Settings or Search for the chats (Esc)</source>
        <translation>离开设置或搜索，回到对话（Esc）</translation>
    </message>
    <message>
        <source>Open the menu</source>
        <translation>打开菜单</translation>
    </message>
    <message>
        <source>The app menu: import, topic, assistant, view, help (%1)</source>
        <translation>应用菜单：导入、话题、助手、视图、帮助（%1）</translation>
    </message>
    <message>
        <source>&amp;New…</source>
        <translation>新建…</translation>
    </message>
    <message>
        <source>Create an assistant (Alt+A, N)</source>
        <translation>新建一个助手（Alt+A, N）</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>编辑…</translation>
    </message>
    <message>
        <source>Edit the selected assistant&apos;s settings (Ctrl+E)</source>
        <translation>编辑所选助手的设置（Ctrl+E）</translation>
    </message>
    <message>
        <source>&amp;Memory…</source>
        <translation>记忆…</translation>
    </message>
    <message>
        <source>The selected assistant&apos;s memory: switch, fixed memory and the memory dream (Ctrl+M)</source>
        <translation>所选助手的记忆：开关、固定记忆和做梦（Ctrl+M）</translation>
    </message>
    <message>
        <source>&amp;About ChatHub Desktop</source>
        <translation>关于 Ch&amp;atHub Desktop</translation>
    </message>
    <message>
        <source>Version, data folder, database and where API keys are kept</source>
        <translation>版本、数据文件夹、数据库以及 API 密钥的保存位置</translation>
    </message>
    <message>
        <source>Open &amp;data folder</source>
        <translation>打开数据文件夹</translation>
    </message>
    <message>
        <source>Show the folder holding your data in the file manager</source>
        <translation>在文件管理器中显示存放你数据的文件夹</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Every keyboard shortcut of the window (Ctrl+/)</source>
        <translation>窗口的所有键盘快捷键（Ctrl+/）</translation>
    </message>
    <message>
        <source>&amp;Setup…</source>
        <translation>设置向导…</translation>
    </message>
    <message>
        <source>The first-run setup: a provider, an assistant, your history</source>
        <translation>首次运行设置：一个服务商、一个助手、你的聊天记录</translation>
    </message>
    <message>
        <source>New &amp;topic</source>
        <translation>新建话题</translation>
    </message>
    <message>
        <source>Start a new topic with this assistant (Ctrl+N)</source>
        <translation>与此助手开始一个新话题（Ctrl+N）</translation>
    </message>
    <message>
        <source>&amp;Rename topic</source>
        <translation>重命名话题</translation>
    </message>
    <message>
        <source>Rename the selected topic (F2)</source>
        <translation>重命名所选话题（F2）</translation>
    </message>
    <message>
        <source>&amp;Delete topic</source>
        <translation>删除话题</translation>
    </message>
    <message>
        <source>Delete the selected topic and its messages (Del)</source>
        <translation>删除所选话题及其消息（Del）</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the reply being written, or the compaction running, in this topic (Esc)</source>
        <translation>停止此话题中正在生成的回复或正在进行的压缩（Esc）</translation>
    </message>
    <message>
        <source>View topic &amp;summary…</source>
        <translation>查看话题摘要…</translation>
    </message>
    <message>
        <source>The topic&apos;s rolling summary, its model, Copy / Export and the compaction debug log (Ctrl+Shift+S)</source>
        <translation>话题的滚动摘要、其模型、复制 / 导出以及压缩调试日志（Ctrl+Shift+S）</translation>
    </message>
    <message>
        <source>System &amp;Agent…</source>
        <translation>系统代理…</translation>
    </message>
    <message>
        <source>History Compress model, topic naming model and summary archives</source>
        <translation>History Compress 模型、话题命名模型和摘要存档</translation>
    </message>
    <message>
        <source>Summarize this topic&apos;s completed turns now with the History Compress model; messages stay (Ctrl+Shift+K)</source>
        <translation>立即用History Compress 模型总结此话题已完成的轮次；消息会保留（Ctrl+Shift+K）</translation>
    </message>
    <message>
        <source>%1 export…</source>
        <translation>%1 导出文件…</translation>
    </message>
    <message>
        <source>Import conversations from a %1 export. %2</source>
        <translation>从 %1 导出文件导入对话。%2</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>菜单</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>&amp;Topic</source>
        <translation>话题</translation>
    </message>
    <message>
        <source>&amp;Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助</translation>
    </message>
</context>
<context>
    <name>WindowPages</name>
    <message>
        <source>Memory page</source>
        <translation>记忆页面</translation>
    </message>
    <message>
        <source>No file manager answered; the data folder is %1</source>
        <translation>没有文件管理器响应；数据文件夹是 %1</translation>
    </message>
</context>
</TS>
