<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>ErrorBar</name>
    <message numerus="yes">
        <source> (%n earlier)</source>
        <translation><numerusform> (%n earlier)</numerusform><numerusform> (%n earlier)</numerusform></translation>
    </message>
    </context>
<context>
    <name>SearchPage</name>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation><numerusform>%n message</numerusform><numerusform>%n messages</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n topic(s)</source>
        <translation><numerusform>%n topic</numerusform><numerusform>%n topics</numerusform></translation>
    </message>
    </context>
<context>
    <name>ToolsPage</name>
    <message numerus="yes">
        <source>%n tool(s)</source>
        <translation><numerusform>%n tool</numerusform><numerusform>%n tools</numerusform></translation>
    </message>
    </context>
<context>
    <name>TopicActions</name>
    <message numerus="yes">
        <source>%Ln message(s)</source>
        <translation><numerusform>%Ln message</numerusform><numerusform>%Ln messages</numerusform></translation>
    </message>
</context>
<context>
    <name>TopicList</name>
    <message numerus="yes">
        <source>%Ln message(s) · last active %1</source>
        <translation><numerusform>%Ln message · last active %1</numerusform><numerusform>%Ln messages · last active %1</numerusform></translation>
    </message>
    </context>
</TS>
