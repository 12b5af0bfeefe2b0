<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
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
    <name>Composer</name>
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
        <source>Create an assistant first (Assistant → New…)</source>
        <translation>请先创建一个助手（助手 → 新建…）</translation>
    </message>
</context>
<context>
    <name>ErrorBar</name>
    <message>
        <source>This is a bug in ChatHub Desktop. The same text is in chathub.log in the data folder.</source>
        <translation>这是 ChatHub Desktop 的程序错误。相同内容也记录在数据文件夹的 chathub.log 中。</translation>
    </message>
    <message>
        <source>Error details</source>
        <translation>错误详情</translation>
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
        <translation>话题(&amp;T)</translation>
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
        <translation>助手的记忆：固定记忆和记忆梦境（Ctrl+M）</translation>
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
        <translation>记忆梦境 · %1</translation>
    </message>
    <message>
        <source>Memory dream</source>
        <translation>记忆梦境</translation>
    </message>
    <message>
        <source>yyyy-MM-dd</source>
        <translation>yyyy年M月d日</translation>
    </message>
    <message>
        <source>It added card%1 for %2.</source>
        <translation>为 %2 添加了卡片%1。</translation>
    </message>
    <message>
        <source>It rewrote card%1 for %2.</source>
        <translation>为 %2 重写了卡片%1。</translation>
    </message>
    <message>
        <source>Nothing new to remember from %1.</source>
        <translation>%1 没有需要记住的新内容。</translation>
    </message>
    <message>
        <source>The dream for %1 failed: %2</source>
        <translation>%1 的梦境失败：%2</translation>
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
        <source>&lt;p&gt;ChatHub Desktop talks to language models with &lt;b&gt;your own API keys&lt;/b&gt;. Your conversations and what your assistants remember stay in a database on this computer; keys stay in the system keyring, in a file only you can read, or in environment variables.&lt;/p&gt;&lt;p&gt;Four short steps: a provider, an assistant, the model that writes summaries, and, if you like, your ChatGPT history. Skip any of them; &lt;b&gt;⋯ → Help → Setup…&lt;/b&gt; (bottom left) brings this back.&lt;/p&gt;</source>
        <translation>&lt;p&gt;ChatHub Desktop 使用&lt;b&gt;你自己的 API 密钥&lt;/b&gt;与语言模型对话。你的对话和助手记住的内容都保存在这台电脑上的数据库里；密钥保存在系统钥匙串、只有你能读取的文件或环境变量中。&lt;/p&gt;&lt;p&gt;只需四个简短步骤：一个服务商、一个助手、撰写摘要的模型，以及（如果你愿意）你的 ChatGPT 聊天记录。每一步都可以跳过；&lt;b&gt;⋯ → 帮助 → 设置向导…&lt;/b&gt;（左下角）可以重新打开这里。&lt;/p&gt;</translation>
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
        <translation>添加服务商(&amp;A)…</translation>
    </message>
    <message>
        <source>Name, kind, base URL and where the key comes from, filled from the preset</source>
        <translation>名称、类型、基础 URL 和密钥来源，均按预设填好</translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation>测试连接(&amp;T)</translation>
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
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;Provider:</source>
        <translation>服务商(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Instructions:</source>
        <translation>指令(&amp;I)：</translation>
    </message>
    <message>
        <source>A smaller model is usually quicker and cheaper for summaries. The chat model works too, but when it is busy, summaries can fail.</source>
        <translation>较小的模型写摘要通常更快也更便宜。对话模型也可以，但它繁忙时摘要可能失败。</translation>
    </message>
    <message>
        <source>Choose the model that writes summaries</source>
        <translation>选择撰写摘要的模型</translation>
    </message>
    <message>
        <source>The History Compress model summarizes long topics and writes memory dream cards. Settings → System Agent changes it later.</source>
        <translation>历史压缩模型负责总结长话题并撰写记忆梦境卡片。之后可在 设置 → 系统代理 中更改。</translation>
    </message>
    <message>
        <source>The provider&apos;s own models come first; you may type any model id</source>
        <translation>服务商自己的模型排在前面；也可以输入任意模型 ID</translation>
    </message>
    <message>
        <source>History Compress &amp;model:</source>
        <translation>历史压缩模型(&amp;M)：</translation>
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
        <translation>设置完成后导入 ChatGPT 导出文件(&amp;I)</translation>
    </message>
    <message>
        <source>An assistant&apos;s memory exported from ChatHub (JSON or Markdown) can become this assistant&apos;s memory; you see what changes before it is written.</source>
        <translation>从 ChatHub 导出的助手记忆（JSON 或 Markdown）可以成为这个助手的记忆；写入前你会看到有哪些变化。</translation>
    </message>
    <message>
        <source>Import a &amp;memory file into the new assistant</source>
        <translation>将记忆文件导入新助手(&amp;M)</translation>
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
    <name>TokenBadge</name>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Estimated tokens of the next request&lt;/b&gt;: instructions, tools, memory, the topic summary, the history window and your draft, as Send will post them — anchored on the provider&apos;s own input count when this session sent the last reply — against the input budget (context window minus the reply reserve). Click for the breakdown.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;下一次请求的预估 token 数&lt;/b&gt;：指令、工具、记忆、话题摘要、历史窗口和你的草稿，与点击发送时提交的内容一致（若本次会话发送了上一条回复，则以服务商自己统计的输入数为基准），并与输入预算（上下文窗口减去回复预留）比较。点击查看明细。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Token estimate</source>
        <translation>token 预估</translation>
    </message>
    <message>
        <source>No topic open</source>
        <translation>没有打开的话题</translation>
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
    <name>TopicList</name>
    <message>
        <source>Yesterday</source>
        <translation>昨天</translation>
    </message>
    <message>
        <source>d MMM</source>
        <translation>M月d日</translation>
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
        <translation>私密：这里不使用记忆，梦境也不会读取它</translation>
    </message>
</context>
<context>
    <name>Tray</name>
    <message>
        <source>Memory dream: %1</source>
        <translation>记忆梦境：%1</translation>
    </message>
    <message>
        <source>Could not change Pause dreams: %1</source>
        <translation>无法更改“暂停梦境”：%1</translation>
    </message>
    <message>
        <source>Dreams paused: scheduled memory dreams do not run until you resume them</source>
        <translation>梦境已暂停：在你恢复之前，计划的记忆梦境不会运行</translation>
    </message>
    <message>
        <source>Dreams resumed: scheduled memory dreams run again</source>
        <translation>梦境已恢复：计划的记忆梦境会再次运行</translation>
    </message>
    <message>
        <source>A memory dream is already running</source>
        <translation>已有一个记忆梦境正在运行</translation>
    </message>
    <message>
        <source>No memory dream is due</source>
        <translation>没有到期的记忆梦境</translation>
    </message>
    <message>
        <source>Memory dream running…</source>
        <translation>记忆梦境运行中…</translation>
    </message>
    <message>
        <source>Memory dream stopped; it is tried again later</source>
        <translation>记忆梦境已停止；稍后会再次尝试</translation>
    </message>
    <message>
        <source>No memory dream was due</source>
        <translation>没有到期的记忆梦境</translation>
    </message>
    <message>
        <source>&amp;Open ChatHub</source>
        <translation>打开 ChatHub(&amp;O)</translation>
    </message>
    <message>
        <source>Show the ChatHub window</source>
        <translation>显示 ChatHub 窗口</translation>
    </message>
    <message>
        <source>&amp;Run due dreams now</source>
        <translation>立即运行到期的梦境(&amp;R)</translation>
    </message>
    <message>
        <source>Run every scheduled memory dream that is due now (also while paused)</source>
        <translation>立即运行所有已到期的计划记忆梦境（暂停时也可以）</translation>
    </message>
    <message>
        <source>&amp;Pause dreams</source>
        <translation>暂停梦境(&amp;P)</translation>
    </message>
    <message>
        <source>While checked, scheduled memory dreams do not run (remembered across restarts); Dream now still works</source>
        <translation>勾选时，计划的记忆梦境不会运行（重启后仍然保留）；“立即做梦”仍然可用</translation>
    </message>
    <message>
        <source>ChatHub keeps running here and memory dreams still run. Quit from this icon&apos;s menu or with Ctrl+Q.</source>
        <translation>ChatHub 会在这里继续运行，记忆梦境也会照常运行。可从此图标的菜单或按 Ctrl+Q 退出。</translation>
    </message>
    <message>
        <source>dreams paused</source>
        <translation>梦境已暂停</translation>
    </message>
    <message>
        <source>dreaming…</source>
        <translation>梦境运行中…</translation>
    </message>
    <message>
        <source>memory dreams on schedule</source>
        <translation>记忆梦境按计划运行</translation>
    </message>
</context>
<context>
    <name>ViewMenu</name>
    <message>
        <source>Follow the &amp;system</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>Send with &amp;Enter</source>
        <translation>按 Enter 发送(&amp;E)</translation>
    </message>
    <message>
        <source>Enter sends the message, Shift+Enter makes a new line</source>
        <translation>Enter 发送消息，Shift+Enter 换行</translation>
    </message>
    <message>
        <source>Send with &amp;Ctrl+Enter</source>
        <translation>按 Ctrl+Enter 发送(&amp;C)</translation>
    </message>
    <message>
        <source>Ctrl+Enter sends the message, Enter makes a new line</source>
        <translation>Ctrl+Enter 发送消息，Enter 换行</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Text si&amp;ze</source>
        <translation>文字大小(&amp;Z)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>The language of the window&apos;s text; what the model reads stays as it is</source>
        <translation>窗口文字的语言；模型读取的内容保持不变</translation>
    </message>
    <message>
        <source>&amp;Larger</source>
        <translation>较大(&amp;L)</translation>
    </message>
    <message>
        <source>Larger text in the conversation and the message box</source>
        <translation>对话和输入框中的文字更大</translation>
    </message>
    <message>
        <source>&amp;Smaller</source>
        <translation>较小(&amp;S)</translation>
    </message>
    <message>
        <source>Smaller text in the conversation and the message box</source>
        <translation>对话和输入框中的文字更小</translation>
    </message>
    <message>
        <source>&amp;Default</source>
        <translation>默认(&amp;D)</translation>
    </message>
    <message>
        <source>The conversation at the window&apos;s text size</source>
        <translation>对话使用窗口的文字大小</translation>
    </message>
    <message>
        <source>Desktop &amp;notifications</source>
        <translation>桌面通知(&amp;N)</translation>
    </message>
    <message>
        <source>Tell me when a reply finishes while the window is away, and what a scheduled memory dream did</source>
        <translation>窗口不在前台时，回复完成后通知我，并告诉我计划的记忆梦境做了什么</translation>
    </message>
    <message>
        <source>Show side&amp;bar</source>
        <translation>显示侧边栏(&amp;B)</translation>
    </message>
    <message>
        <source>Show or hide the assistants and topics (%1; folds away by itself when the window is narrow)</source>
        <translation>显示或隐藏助手和话题（%1；窗口较窄时会自动收起）</translation>
    </message>
</context>
<context>
    <name>WindowActions</name>
    <message>
        <source>&amp;Compact now</source>
        <translation>立即压缩(&amp;C)</translation>
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
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Quit ChatHub Desktop (a reply being written is kept as interrupted)</source>
        <translation>退出 ChatHub Desktop（正在生成的回复会作为已中断保留）</translation>
    </message>
    <message>
        <source>&amp;Providers…</source>
        <translation>服务商(&amp;P)…</translation>
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
        <translation>新建(&amp;N)…</translation>
    </message>
    <message>
        <source>Create an assistant (Alt+A, N)</source>
        <translation>新建一个助手（Alt+A, N）</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>编辑(&amp;E)…</translation>
    </message>
    <message>
        <source>Edit the selected assistant&apos;s settings (Ctrl+E)</source>
        <translation>编辑所选助手的设置（Ctrl+E）</translation>
    </message>
    <message>
        <source>&amp;Memory…</source>
        <translation>记忆(&amp;M)…</translation>
    </message>
    <message>
        <source>The selected assistant&apos;s memory: switch, fixed memory and the memory dream (Ctrl+M)</source>
        <translation>所选助手的记忆：开关、固定记忆和记忆梦境（Ctrl+M）</translation>
    </message>
    <message>
        <source>&amp;About ChatHub Desktop</source>
        <translation>关于 ChatHub Desktop(&amp;A)</translation>
    </message>
    <message>
        <source>Version, data folder, database and where API keys are kept</source>
        <translation>版本、数据文件夹、数据库以及 API 密钥的保存位置</translation>
    </message>
    <message>
        <source>Open &amp;data folder</source>
        <translation>打开数据文件夹(&amp;D)</translation>
    </message>
    <message>
        <source>Show the folder holding your data in the file manager</source>
        <translation>在文件管理器中显示存放你数据的文件夹</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Every keyboard shortcut of the window (Ctrl+/)</source>
        <translation>窗口的所有键盘快捷键（Ctrl+/）</translation>
    </message>
    <message>
        <source>&amp;Setup…</source>
        <translation>设置向导(&amp;S)…</translation>
    </message>
    <message>
        <source>The first-run setup: a provider, an assistant, your history</source>
        <translation>首次运行设置：一个服务商、一个助手、你的聊天记录</translation>
    </message>
    <message>
        <source>New &amp;topic</source>
        <translation>新建话题(&amp;T)</translation>
    </message>
    <message>
        <source>Start a new topic with this assistant (Ctrl+N)</source>
        <translation>与此助手开始一个新话题（Ctrl+N）</translation>
    </message>
    <message>
        <source>&amp;Rename topic</source>
        <translation>重命名话题(&amp;R)</translation>
    </message>
    <message>
        <source>Rename the selected topic (F2)</source>
        <translation>重命名所选话题（F2）</translation>
    </message>
    <message>
        <source>&amp;Delete topic</source>
        <translation>删除话题(&amp;D)</translation>
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
        <translation>查看话题摘要(&amp;S)…</translation>
    </message>
    <message>
        <source>The topic&apos;s rolling summary, its model, Copy / Export and the compaction debug log (Ctrl+Shift+S)</source>
        <translation>话题的滚动摘要、其模型、复制 / 导出以及压缩调试日志（Ctrl+Shift+S）</translation>
    </message>
    <message>
        <source>System &amp;Agent…</source>
        <translation>系统代理(&amp;A)…</translation>
    </message>
    <message>
        <source>History Compress model, topic naming model and summary archives</source>
        <translation>历史压缩模型、话题命名模型和摘要存档</translation>
    </message>
    <message>
        <source>Summarize this topic&apos;s completed turns now with the History Compress model; messages stay (Ctrl+Shift+K)</source>
        <translation>立即用历史压缩模型总结此话题已完成的轮次；消息会保留（Ctrl+Shift+K）</translation>
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
        <translation>导入(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Topic</source>
        <translation>话题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Assistant</source>
        <translation>助手(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>设置(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
</context>
</TS>
